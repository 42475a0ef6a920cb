export { fakeToken } from './fake-token';
export { renderWithProviders } from './render-with-providers';
export { mockFetch, type MockRoute } from './mock-fetch';
