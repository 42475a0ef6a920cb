const { createAppConfig } = require('../webpack/create-app-config.cjs');

// The federation name and the exposed module (its routes: docs/architecture.md) come from the
// registry of remotes, remotes.json.
module.exports = createAppConfig({ dir: __dirname });
