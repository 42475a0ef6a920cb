// A remote's standalone page (its harness): the developer-only frame a remote runs in without the
// shell. Not a federated module: only the remotes' own `main.js` uses it, so the portal's pages
// never download it.
export { StandaloneHarness, type StandaloneHarnessProps } from './standalone-harness';
export { startStandalone } from './start-standalone';
