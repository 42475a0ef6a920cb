const { createAppConfig } = require('../webpack/create-app-config.cjs');

module.exports = createAppConfig({ dir: __dirname, federationName: 'shell', isHost: true });
