import { forgetWithdrawn, isContentHashed, isNamed, releaseFolders, type RemoteFilesCache } from './release-scope';

const SHELL = 'https://portal.example';

const manifest = {
  schemaVersion: 1,
  environment: 'production',
  revision: 7,
  remotes: {
    mf_points: {
      stable: { version: '1.1.0', entry: 'https://cdn.example/mf-points/1.1.0/remoteEntry.js', integrity: 'sha384-x' },
      canary: { version: '1.2.0', entry: 'https://cdn.example/mf-points/1.2.0/remoteEntry.js', percent: 10 },
      previous: [
        { version: '0.9.0', entry: 'https://cdn.example/mf-points/0.9.0/remoteEntry.js' },
        { version: '1.0.0', entry: 'https://cdn.example/mf-points/1.0.0/remoteEntry.js' },
      ],
    },
    mf_auth: { stable: { version: '2.0.0', entry: '/mf-auth/2.0.0/remoteEntry.js' } },
    broken: { stable: { version: '0', entry: 'javascript:alert(1)' } },
  },
};

describe('the remote files a release manifest names', () => {
  const folders = releaseFolders(manifest, SHELL);

  it('are those in the folder of stable, canary and the last earlier stable (the rollback’s target)', () => {
    expect(folders.sort()).toEqual(
      [
        'https://cdn.example/mf-points/1.0.0/',
        'https://cdn.example/mf-points/1.1.0/',
        'https://cdn.example/mf-points/1.2.0/',
        `${SHELL}/mf-auth/2.0.0/`,
      ].sort(),
    );
    expect(isNamed('https://cdn.example/mf-points/1.2.0/routes.0123456789.js', folders)).toBe(true);
    // Two promotions old: the manifest still lists it, the device no longer keeps it.
    expect(isNamed('https://cdn.example/mf-points/0.9.0/remoteEntry.js', folders)).toBe(false);
  });

  it('leave out a version once the manifest no longer lists it (a rollback)', () => {
    const rolledBack = { ...manifest, remotes: { mf_points: { stable: manifest.remotes.mf_points.stable } } };
    expect(isNamed('https://cdn.example/mf-points/1.2.0/remoteEntry.js', releaseFolders(rolledBack, SHELL))).toBe(
      false,
    );
  });

  it('are none for a manifest that is not one', () => {
    expect(releaseFolders(null, SHELL)).toEqual([]);
    expect(releaseFolders({ remotes: 'x' }, SHELL)).toEqual([]);
  });
});

describe('the remote files kept as releases change', () => {
  const CDN = 'https://cdn.example/mf-points';
  const release = (version: string) => ({ version, entry: `${CDN}/${version}/remoteEntry.js` });
  /** A release's entry (as the federation runtime may ask for it again, with a query) and its chunks. */
  const filesOf = (version: string) => [
    `${CDN}/${version}/remoteEntry.js`,
    `${CDN}/${version}/remoteEntry.js?retry=1`,
    `${CDN}/${version}/__federation_expose_routes.0123456789.js`,
    `${CDN}/${version}/417.eb3b2445d4.js`,
  ];
  const profile = 'https://profile.example/2.0.0/remoteEntry.js';
  const manifestWith = (points: object) => ({
    remotes: { mf_points: points, mf_profile: { stable: { version: '2.0.0', entry: profile } } },
  });

  /** The worker's cache of remote files, in memory: warm with both versions of mf-points and mf-profile. */
  function warm(): RemoteFilesCache & { urls: () => string[] } {
    const kept = new Set([...filesOf('1.0.0'), ...filesOf('1.1.0'), profile]);
    const urlOf = (request: RequestInfo | URL) =>
      typeof request === 'string' ? request : request instanceof URL ? request.href : request.url;
    return {
      keys: () => Promise.resolve([...kept].map((url) => ({ url }) as Request)),
      delete: (request) => Promise.resolve(kept.delete(urlOf(request))),
      urls: () => [...kept],
    };
  }

  it('drop a canary once it is stopped: every file of its folder, none of stable', async () => {
    const cache = warm();
    const dropped = await forgetWithdrawn(cache, releaseFolders(manifestWith({ stable: release('1.0.0') }), SHELL));
    expect(dropped.sort()).toEqual(filesOf('1.1.0').sort());
    expect(cache.urls().sort()).toEqual([...filesOf('1.0.0'), profile].sort());
  });

  it('keep both sides of a running canary, for the cohort and for the others', async () => {
    const cache = warm();
    const canary = { stable: release('1.0.0'), canary: { ...release('1.1.0'), percent: 50 } };
    expect(await forgetWithdrawn(cache, releaseFolders(manifestWith(canary), SHELL))).toEqual([]);
    expect(cache.urls()).toHaveLength(9);
  });

  it('keep the stable a promotion replaced while the manifest names it, the target of a rollback', async () => {
    const cache = warm();
    const promoted = { stable: release('1.1.0'), previous: [release('1.0.0')] };
    expect(await forgetWithdrawn(cache, releaseFolders(manifestWith(promoted), SHELL))).toEqual([]);
  });

  it('drop the version a rollback withdrew, and a remote the manifest no longer names', async () => {
    const cache = warm();
    const dropped = await forgetWithdrawn(
      cache,
      releaseFolders({ remotes: { mf_points: { stable: release('1.0.0'), previous: [] } } }, SHELL),
    );
    expect(dropped.sort()).toEqual([...filesOf('1.1.0'), profile].sort());
    expect(cache.urls().sort()).toEqual(filesOf('1.0.0').sort());
  });
});

describe('content-hashed files', () => {
  it.each([
    ['https://cdn.example/mf-points/1.1.0/417.eb3b2445d4.js', true],
    ['https://portal.example/chakra-system.c2c3da5fba.css', true],
    ['https://cdn.example/mf-points/1.1.0/remoteEntry.js', false],
    ['https://portal.example/main.js?5cae21255b0788a10890', false],
    ['https://portal.example/public-sans-latin-wght-normal.0123abcdef.woff2', true],
    ['https://cdn.example/mf-points/1.1.0/417.eb3b2445d4.js.map', false],
    ['https://cdn.example/mf-points/1.1.0/417.eb3b2445.js', false],
    ['https://portal.example/chakra-system.C2C3DA5FBA.css', false],
  ])('%s: %s', (url, hashed) => {
    expect(isContentHashed(url)).toBe(hashed);
  });
});
