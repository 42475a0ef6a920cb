// Flags for the headless system Chromium, for the e2e suite and `npm run perf` alike.
module.exports = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // Without these Chromium keeps dialling out, and this closed network refuses it.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
