const { createAppConfig } = require('../webpack/create-app-config.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  federationName: 'mf_points',
  // DESIGN.md §2: a remote exposes exactly one module, its routes.
  exposes: { './routes': './src/routes.tsx' },
});
