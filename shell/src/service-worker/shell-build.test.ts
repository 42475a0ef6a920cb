import { buildNamedBy, buildOfMain } from './shell-build';

const BASE = 'https://portal.example/';

describe('buildOfMain', () => {
  it("reads the build hash of the shell's main.js, whether the URL is a page's or a precache's", () => {
    expect(buildOfMain('https://portal.example/main.js?283a1724d4f08ae403e2', BASE)).toBe('283a1724d4f08ae403e2');
    expect(buildOfMain('main.js?283a1724d4f08ae403e2', BASE)).toBe('283a1724d4f08ae403e2');
  });

  it('names no build for another script, or main.js without its hash', () => {
    expect(buildOfMain('https://portal.example/theme-init.js', BASE)).toBeUndefined();
    expect(buildOfMain('https://portal.example/main.js', BASE)).toBeUndefined();
    expect(buildOfMain('https://remote.example/main.js?1', BASE)).toBeUndefined();
    expect(buildOfMain('https://portal.example/remotes/main.js?1', BASE)).toBeUndefined();
  });
});

describe('buildNamedBy', () => {
  it('finds the one URL that names a build among the others', () => {
    const precache = ['favicon.svg', 'main.js?abc123', 'first-paint.css'];
    expect(buildNamedBy(precache, BASE)).toBe('abc123');
    expect(buildNamedBy(['favicon.svg'], BASE)).toBeUndefined();
  });
});
