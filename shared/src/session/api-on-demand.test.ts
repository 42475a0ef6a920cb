import { GENERIC_ERROR_MESSAGE } from '@loyalty/shared/http';

// The API layer is a chunk of its own. A phone that loses the network while fetching it gets the
// generic message, as for a call that got no answer, not a loader's error; the shell, which knows
// a file of the page's build did not load (CodeNotLoadedError), may say more (decision 068).
describe('the API layer on demand', () => {
  afterEach(() => jest.dontMock('@loyalty/shared/api'));

  it('hands over the API module', async () => {
    const { loadApi } = await import('./api-on-demand');
    const api = await loadApi();
    expect(typeof api.login).toBe('function');
    expect(typeof api.checkPermissions).toBe('function');
  });

  it('answers the generic error when the chunk cannot be fetched', async () => {
    jest.doMock('@loyalty/shared/api', () => {
      throw new Error('Loading chunk 666 failed');
    });
    await jest.isolateModulesAsync(async () => {
      const { loadApi } = await import('./api-on-demand');
      const { ApiError: IsolatedApiError, CodeNotLoadedError } = await import('@loyalty/shared/http');
      const failed = loadApi();
      await expect(failed).rejects.toBeInstanceOf(IsolatedApiError);
      await expect(failed).rejects.toBeInstanceOf(CodeNotLoadedError);
      await expect(failed).rejects.toMatchObject({ status: 0, message: GENERIC_ERROR_MESSAGE });
    });
  });
});
