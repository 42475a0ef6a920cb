export { fakeToken } from './fake-token';
export { goOffline } from './go-offline';
export { renderWithProviders } from './render-with-providers';
export { mockFetch, refusedByLimit, type MockRoute } from './mock-fetch';
export { TEST_USER } from './test-user';
export { ONE_TIER } from './test-tiers';
export { contrastRatio } from './contrast-ratio';
export { whileTheShellTells } from './shell-tells';
