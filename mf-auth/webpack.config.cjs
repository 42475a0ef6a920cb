const { createAppConfig } = require('../webpack/create-app-config.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  federationName: 'mf_auth',
  // docs/architecture.md: a remote exposes exactly one module, its routes.
  exposes: { './routes': './src/routes.tsx' },
});
