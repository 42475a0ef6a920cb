import '@testing-library/jest-dom';
import { act, screen } from '@testing-library/react';
import { registerPlugins, registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import { setRuntimeConfig, type ReleaseManifest } from '@loyalty/shared/config';
import { registerNamespace } from '@loyalty/shared/i18n';
import { mockFetch, renderWithProviders } from '@loyalty/shared/testing';
import { loadRemoteWithRetry } from './load-remote-with-retry';
import { chooseReleases, reRegisterRemote, registerReleasedRemotes, releaseInfo } from './register-released-remotes';
import { ReleaseOverrideBanner } from './release-override-banner';
import { OVERRIDE_STORAGE_KEY, parseOverrideParams, readOverrides } from './release-override';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

registerNamespace('shell', (language) => import(`../locales/${language}.json`));

const manifest: ReleaseManifest = {
  schemaVersion: 1,
  environment: 'production',
  revision: 7,
  remotes: {
    mf_points: {
      stable: { version: '1.0.0', entry: 'https://cdn/mf-points/1.0.0/remoteEntry.js', integrity: 'sha384-stable' },
      canary: {
        version: '1.1.0',
        entry: 'https://cdn/mf-points/1.1.0/remoteEntry.js',
        integrity: 'sha384-canary',
        percent: 50,
      },
    },
    mf_auth: { stable: { version: '2.0.0', entry: 'https://cdn/mf-auth/2.0.0/remoteEntry.js' } },
  },
};

beforeEach(() => {
  setRuntimeConfig({ RELEASE_MANIFEST_URL: 'http://localhost/release-manifest.json' });
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = 'loyalty_cohort=; max-age=0';
  jest.clearAllMocks();
});

describe('choosing releases', () => {
  it('puts networks under the canary share on the canary, the others on stable', () => {
    const channels = Array.from(
      { length: 400 },
      (_, index) =>
        chooseReleases(manifest, `cohort-${index}`, {}).find((remote) => remote.name === 'mf_points')!.channel,
    );
    const canaries = channels.filter((channel) => channel === 'canary').length;
    expect(canaries).toBeGreaterThan(150);
    expect(canaries).toBeLessThan(250);
  });

  it('gives QA a version the manifest lists, with the integrity it records', () => {
    const [points] = chooseReleases(manifest, 'device:x', { mf_points: '1.1.0' });
    expect(points).toEqual({
      name: 'mf_points',
      version: '1.1.0',
      channel: 'override',
      entry: 'https://cdn/mf-points/1.1.0/remoteEntry.js',
      integrity: 'sha384-canary',
    });
  });

  it('ignores, and says so, a version the manifest does not list (rolled back, or never released here)', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const [points, auth] = chooseReleases(manifest, 'device:x', { mf_points: '0.9.0', mf_auth: '2.1.0' });
    expect(points).toMatchObject({
      version: expect.stringMatching(/^1\.[01]\.0$/),
      channel: expect.not.stringMatching('override'),
    });
    expect(auth).toMatchObject({ version: '2.0.0', channel: 'stable' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Release override mf_points@0.9.0 ignored'));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Release override mf_auth@2.1.0 ignored'));
    warn.mockRestore();
  });

  it("reads overrides from the query and from this tab's session, never from localStorage", () => {
    expect(parseOverrideParams(['mf-points@1.2.0,mf-auth@3.0.0-rc.1', 'bad', 'x@'])).toEqual({
      mf_points: '1.2.0',
      mf_auth: '3.0.0-rc.1',
    });
    expect(readOverrides('?remote=mf-points@1.2.0')).toEqual({ mf_points: '1.2.0' });
    // Nothing is kept until the manifest allowed it.
    expect(readOverrides('')).toEqual({});
    sessionStorage.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify({ mf_points: '1.1.0' }));
    expect(readOverrides('')).toEqual({ mf_points: '1.1.0' });
    // What an earlier build kept for good is dropped.
    sessionStorage.clear();
    localStorage.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify({ mf_points: '0.9.0' }));
    expect(readOverrides('')).toEqual({});
    expect(localStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
  });
});

describe('registering at start-up', () => {
  it('registers the chosen entries, loads them in CORS mode with their integrity and reports what was loaded', async () => {
    document.cookie = 'loyalty_cohort=AbCdEfGh_-123456';
    mockFetch([{ method: 'GET', path: '/release-manifest.json', body: manifest }]);
    await registerReleasedRemotes();

    const info = releaseInfo();
    expect(info.shell.version).toBe('dev');
    const points = info.remotes.find((remote) => remote.name === 'mf_points')!;
    expect(registerRemotes).toHaveBeenCalledWith(expect.arrayContaining([{ name: 'mf_points', entry: points.entry }]));

    const [[plugins]] = jest.mocked(registerPlugins).mock.calls as unknown as [
      [Array<{ createScript: (args: { url: string }) => unknown }>],
    ];
    const script = plugins[0]!.createScript({ url: points.entry }) as HTMLScriptElement;
    expect(script.integrity).toBe(points.integrity);
    expect(script.crossOrigin).toBe('anonymous');
    // Released without integrity: still in CORS mode, over the connections the page preconnected.
    const auth = info.remotes.find((remote) => remote.name === 'mf_auth')!;
    const authScript = plugins[0]!.createScript({ url: auth.entry }) as HTMLScriptElement;
    expect(authScript.hasAttribute('integrity')).toBe(false);
    expect(authScript.crossOrigin).toBe('anonymous');
    expect(plugins[0]!.createScript({ url: 'https://elsewhere/x.js' })).toBeUndefined();
  });
});

describe('a page without a cohort', () => {
  it('loads every remote stable: the receiver has not chosen its network yet', async () => {
    const everyoneOnCanary = {
      ...manifest,
      remotes: {
        ...manifest.remotes,
        mf_points: { ...manifest.remotes.mf_points!, canary: { ...manifest.remotes.mf_points!.canary!, percent: 100 } },
      },
    };
    mockFetch([{ method: 'GET', path: '/release-manifest.json', body: everyoneOnCanary }]);
    await registerReleasedRemotes();
    expect(releaseInfo().remotes.find((remote) => remote.name === 'mf_points')).toMatchObject({
      version: '1.0.0',
      channel: 'stable',
    });
  });
});

describe('registering a remote again (Retry)', () => {
  it('forgets the chunks its runtime received, so a module that threw is fetched and evaluated afresh', async () => {
    mockFetch([{ method: 'GET', path: '/release-manifest.json', body: manifest }]);
    await registerReleasedRemotes();
    const chunks = globalThis as unknown as Record<string, unknown>;
    chunks.webpackChunkmf_points = [[[1], {}]];
    chunks.webpackChunkmf_auth = [[[2], {}]];
    jest.mocked(registerRemotes).mockClear();
    reRegisterRemote('mf_points');
    expect(chunks.webpackChunkmf_points).toBeUndefined();
    // Another remote's chunks are its own.
    expect(chunks.webpackChunkmf_auth).toEqual([[[2], {}]]);
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mf_points', entry: expect.any(String) }], { force: true });
    delete chunks.webpackChunkmf_auth;
  });
});

describe('loading with retries', () => {
  it('retries with back-off, registering the remote anew, then gives up with the error', async () => {
    jest.mocked(loadRemote).mockRejectedValue(new Error('ScriptNetworkError'));
    const waits: number[] = [];
    const attempt = loadRemoteWithRetry('mf_points', 'routes', {
      attempts: 3,
      baseDelayMs: 100,
      wait: async (ms) => void waits.push(ms),
    });
    await expect(attempt).rejects.toThrow('ScriptNetworkError');
    expect(loadRemote).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([100, 200]);
  });

  it('returns the module as soon as an attempt succeeds', async () => {
    const routes = { default: () => null };
    jest.mocked(loadRemote).mockRejectedValueOnce(new Error('flaky')).mockResolvedValueOnce(routes);
    await expect(loadRemoteWithRetry('mf_points', 'routes', { wait: async () => undefined })).resolves.toBe(routes);
  });
});

describe('the override banner', () => {
  it('says which versions replace the released ones, and nothing without an override', async () => {
    mockFetch([{ method: 'GET', path: '/release-manifest.json', body: manifest }]);
    await act(() => registerReleasedRemotes());
    const { unmount } = await renderWithProviders(<ReleaseOverrideBanner />, { namespaces: ['shell'] });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    unmount();

    window.history.replaceState(null, '', '/dashboard?remote=mf-points@1.1.0');
    mockFetch([{ method: 'GET', path: '/release-manifest.json', body: manifest }]);
    await act(() => registerReleasedRemotes());
    await renderWithProviders(<ReleaseOverrideBanner />, { namespaces: ['shell'] });
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Test version active');
    expect(banner).toHaveTextContent('This page runs \u2068mf-points@1.1.0\u2069 instead of the released version.');
    expect(screen.getByRole('button', { name: 'Back to the released version' })).toBeInTheDocument();
  });
});

describe('overrides across loads', () => {
  it('keeps an allowed override for the session only, and never keeps a refused one', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/dashboard?remote=mf-points@0.9.0');
    mockFetch([{ method: 'GET', path: '/release-manifest.json', body: manifest }]);
    await registerReleasedRemotes();
    expect(releaseInfo().remotes.find((remote) => remote.name === 'mf_points')?.channel).not.toBe('override');
    expect(sessionStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();

    window.history.replaceState(null, '', '/dashboard?remote=mf-points@1.1.0');
    mockFetch([{ method: 'GET', path: '/release-manifest.json', body: manifest }]);
    await registerReleasedRemotes();
    expect(JSON.parse(sessionStorage.getItem(OVERRIDE_STORAGE_KEY)!)).toEqual({ mf_points: '1.1.0' });
    expect(localStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();

    // 1.1.0 rolled back: the session's override is refused and forgotten at the next load.
    window.history.replaceState(null, '', '/dashboard');
    const { canary: _rolledBack, ...channels } = manifest.remotes.mf_points!;
    mockFetch([
      {
        method: 'GET',
        path: '/release-manifest.json',
        body: { ...manifest, remotes: { ...manifest.remotes, mf_points: channels } },
      },
    ]);
    await registerReleasedRemotes();
    expect(releaseInfo().remotes.find((remote) => remote.name === 'mf_points')).toMatchObject({
      version: '1.0.0',
      channel: 'stable',
    });
    expect(sessionStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
    warn.mockRestore();
  });
});
