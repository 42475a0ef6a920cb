// @ts-expect-error -- a CommonJS module of the build, without type declarations
import { sharedSingletons } from './shared-singletons.cjs';

type Share = { eager: boolean; singleton: boolean; requiredVersion: string | false };
const shell = (development: boolean): Record<string, Share> => sharedSingletons({ eager: true, development });
const remote = (development: boolean): Record<string, Share> => sharedSingletons({ development });

describe('the shared singletons', () => {
  it('in development, gives the shell what JSX compiles to with its eager modules, which hold JSX', () => {
    expect(shell(true)['react/jsx-dev-runtime']).toMatchObject({ eager: true, singleton: true });
    expect(shell(true)['@loyalty/shared/ui']).toMatchObject({ eager: true });
    expect(remote(true)['react/jsx-dev-runtime']).toMatchObject({ eager: false, singleton: true });
  });

  it('in production, shares no development runtime: nothing imports it', () => {
    expect(shell(false)).not.toHaveProperty('react/jsx-dev-runtime');
    expect(remote(false)).not.toHaveProperty('react/jsx-dev-runtime');
    expect(shell(false)['react/jsx-runtime']).toMatchObject({ eager: true, singleton: true });
  });

  it('keeps the dashboard-only modules out of the shell’s entry', () => {
    for (const lazy of [
      '@loyalty/shared/ui-data-display',
      '@loyalty/shared/ui-menu',
      '@loyalty/shared/ui-dialogs',
      '@loyalty/shared/api',
      '@tanstack/react-query',
    ]) {
      expect(shell(false)[lazy]).toMatchObject({ eager: false });
    }
  });

  it('leaves out the entry points no page of the portal loads', () => {
    for (const unshared of [
      '@loyalty/shared/testing',
      '@loyalty/shared/standalone',
      '@loyalty/shared/validation/messages',
      '@loyalty/shared/telemetry',
      '@loyalty/shared/telemetry/schema',
    ]) {
      expect(shell(false)).not.toHaveProperty([unshared]);
      expect(remote(false)).not.toHaveProperty([unshared]);
    }
    expect(shell(false)['@loyalty/shared/validation']).toMatchObject({ eager: true, singleton: true });
  });

  it('bundles the household’s contract and calls into the one page that uses them, not the shared API', () => {
    expect(shell(false)).not.toHaveProperty(['@loyalty/shared/api/household']);
    expect(remote(false)).not.toHaveProperty(['@loyalty/shared/api/household']);
  });

  it('has remotes state the versions they accept, and the shell, which provides them, none', () => {
    expect(remote(false).react!.requiredVersion).toMatch(/^\^19\./);
    expect(remote(false)['@loyalty/shared/session']!.requiredVersion).toBe('^0.1.0');
    expect(Object.values(shell(false)).every((share) => share.requiredVersion === false)).toBe(true);
  });
});
