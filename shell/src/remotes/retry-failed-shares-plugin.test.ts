import { retryFailedSharesPlugin } from './retry-failed-shares-plugin';

type ErrorLoadShareArgs = Parameters<NonNullable<ReturnType<typeof retryFailedSharesPlugin>['errorLoadShare']>>[0];

/** A share scope holding `@loyalty/shared/api` in the state a load left it in. */
function scopeWith(state: { loading: Promise<unknown> | null; loaded: boolean }) {
  const shared = { version: '0.1.0', from: 'shell', ...state };
  return { shared, shareScopeMap: { default: { '@loyalty/shared/api': { '0.1.0': shared } } } };
}

function reportError(shareScopeMap: object, overrides: Partial<ErrorLoadShareArgs> = {}) {
  retryFailedSharesPlugin().errorLoadShare?.({
    pkgName: '@loyalty/shared/api',
    shareScopeMap,
    lifecycle: 'loadShare',
    error: new Error('Loading chunk 666 failed'),
    ...overrides,
  } as unknown as ErrorLoadShareArgs);
}

describe('retryFailedSharesPlugin', () => {
  it('forgets a load that failed, so the next import fetches the chunk again', () => {
    const failed = Promise.reject(new Error('Loading chunk 666 failed'));
    failed.catch(() => undefined);
    const { shared, shareScopeMap } = scopeWith({ loading: failed, loaded: false });
    reportError(shareScopeMap);
    expect(shared.loading).toBeNull();
  });

  it('keeps a module that is loaded, and ignores reports that are not a failed load', () => {
    const done = Promise.resolve({});
    const loaded = scopeWith({ loading: done, loaded: true });
    reportError(loaded.shareScopeMap);
    expect(loaded.shared.loading).toBe(done);

    const pending = scopeWith({ loading: new Promise(() => undefined), loaded: false });
    const before = pending.shared.loading;
    reportError(pending.shareScopeMap, { error: undefined, recovered: true });
    reportError(pending.shareScopeMap, { lifecycle: 'loadShareSync' });
    expect(pending.shared.loading).toBe(before);
  });
});
