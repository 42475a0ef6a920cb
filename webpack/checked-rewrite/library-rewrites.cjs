// Every library rewrite the build applies (checked-rewrite/loader.cjs): Chakra's system and styling
// (chakra/rewrites.cjs) and the federation runtime's (federation-runtime/rewrites.cjs).
const { chakraRewrites, emotionInsertsWhileRendering } = require('../chakra/rewrites.cjs');
const { federationRuntimeRewrites, federationWithoutSnapshots } = require('../federation-runtime/rewrites.cjs');

const libraryRewrites = [...chakraRewrites, ...federationRuntimeRewrites];

module.exports = { libraryRewrites, federationWithoutSnapshots, emotionInsertsWhileRendering };
