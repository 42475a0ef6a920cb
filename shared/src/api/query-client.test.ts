describe('the page-wide query client', () => {
  afterEach(() => jest.restoreAllMocks());

  it('knows a page loaded offline is offline, so its queries wait rather than fail over kept answers', async () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    // A module registry of its own: the query library's online state as a fresh page has it.
    let online: boolean | undefined;
    await jest.isolateModulesAsync(async () => {
      await import('./query-client');
      const { onlineManager } = await import('@tanstack/react-query');
      online = onlineManager.isOnline();
    });
    expect(online).toBe(false);
  });
});
