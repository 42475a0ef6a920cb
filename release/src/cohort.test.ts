import * as v from 'valibot';
import { ReleaseManifestSchema, chooseRelease, cohortBucket, fnv1a, type RemoteChannels } from '@loyalty/shared/config';

const channels = (percent: number): RemoteChannels => ({
  stable: { version: '1.0.0', entry: 'http://cdn/1.0.0/remoteEntry.js' },
  canary: { version: '1.1.0', entry: 'http://cdn/1.1.0/remoteEntry.js', percent },
});

describe('cohorts', () => {
  it('hashes with 32-bit FNV-1a', () => {
    // Reference values of FNV-1a 32: the empty string is the offset basis.
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });

  it.each([1, 10, 25, 50, 90])('sends %i %% of 10 000 members to the canary, within ±3 points', (percent) => {
    const ids = Array.from({ length: 10_000 }, (_, index) => `member:${index + 1}`);
    const inCanary = ids.filter((id) => chooseRelease('mf_points', channels(percent), id).channel === 'canary');
    expect(Math.abs((inCanary.length / ids.length) * 100 - percent)).toBeLessThanOrEqual(3);
  });

  it('spreads random-looking ids (UUIDs) as evenly', () => {
    const ids = Array.from({ length: 10_000 }, () => `device:${crypto.randomUUID()}`);
    const inCanary = ids.filter((id) => cohortBucket('mf_points', id) < 50).length;
    expect(Math.abs(inCanary / 100 - 50)).toBeLessThanOrEqual(3);
  });

  it('gives a member the same answer every time, and a widened canary keeps its members', () => {
    for (let index = 0; index < 500; index += 1) {
      const id = `member:${index}`;
      const at20 = chooseRelease('mf_points', channels(20), id).channel;
      expect(chooseRelease('mf_points', channels(20), id).channel).toBe(at20);
      if (at20 === 'canary') expect(chooseRelease('mf_points', channels(60), id).channel).toBe('canary');
    }
  });

  it('draws each remote independently', () => {
    const ids = Array.from({ length: 2_000 }, (_, index) => `member:${index}`);
    const both = ids.filter((id) => cohortBucket('mf_points', id) < 50 && cohortBucket('mf_profile', id) < 50);
    expect(Math.abs(both.length / ids.length - 0.25)).toBeLessThan(0.04);
  });

  it('gives everyone the stable release at 0 % and the canary at 100 %', () => {
    expect(chooseRelease('mf_points', channels(0), 'member:1').release.version).toBe('1.0.0');
    expect(chooseRelease('mf_points', channels(100), 'member:1').release.version).toBe('1.1.0');
    expect(chooseRelease('mf_points', { stable: channels(0).stable }, 'member:1').channel).toBe('stable');
  });

  it('gives a page without a cohort (a first visit, cookies off) the stable release, even at 100 %', () => {
    expect(chooseRelease('mf_points', channels(100), null).channel).toBe('stable');
  });
});

describe('the release manifest schema', () => {
  const valid = {
    schemaVersion: 1,
    environment: 'production',
    revision: 3,
    remotes: {
      mf_points: { ...channels(10), previous: [{ version: '0.9.0', entry: 'http://cdn/0.9.0/remoteEntry.js' }] },
    },
  };

  it('accepts a manifest with stable, canary and previous releases', () => {
    expect(v.safeParse(ReleaseManifestSchema, valid).success).toBe(true);
  });

  it.each([
    ['a canary share above 100', { ...valid, remotes: { mf_points: channels(101) } }],
    ['a negative revision', { ...valid, revision: -1 }],
    ['an unknown schema version', { ...valid, schemaVersion: 2 }],
    [
      'an integrity that is not SHA-384',
      { ...valid, remotes: { mf_points: { stable: { ...channels(0).stable, integrity: 'sha256-x' } } } },
    ],
    ['a remote without a stable release', { ...valid, remotes: { mf_points: { canary: channels(5).canary } } }],
  ])('refuses %s', (_label, manifest) => {
    expect(v.safeParse(ReleaseManifestSchema, manifest).success).toBe(false);
  });
});
