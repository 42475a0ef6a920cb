import { isContentHashed, isNamed, releaseFolders } from './release-scope';

const SHELL = 'https://portal.example';

const manifest = {
  schemaVersion: 1,
  environment: 'production',
  revision: 7,
  remotes: {
    mf_points: {
      stable: { version: '1.1.0', entry: 'https://cdn.example/mf-points/1.1.0/remoteEntry.js', integrity: 'sha384-x' },
      canary: { version: '1.2.0', entry: 'https://cdn.example/mf-points/1.2.0/remoteEntry.js', percent: 10 },
      previous: [{ version: '1.0.0', entry: 'https://cdn.example/mf-points/1.0.0/remoteEntry.js' }],
    },
    mf_auth: { stable: { version: '2.0.0', entry: '/mf-auth/2.0.0/remoteEntry.js' } },
    broken: { stable: { version: '0', entry: 'javascript:alert(1)' } },
  },
};

describe('the remote files a release manifest names', () => {
  const folders = releaseFolders(manifest, SHELL);

  it('are those in the folder of each release it lists: stable, canary and the earlier ones', () => {
    expect(folders.sort()).toEqual(
      [
        'https://cdn.example/mf-points/1.0.0/',
        'https://cdn.example/mf-points/1.1.0/',
        'https://cdn.example/mf-points/1.2.0/',
        `${SHELL}/mf-auth/2.0.0/`,
      ].sort(),
    );
    expect(isNamed('https://cdn.example/mf-points/1.2.0/routes.0123456789.js', folders)).toBe(true);
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
