import '@testing-library/jest-dom';
import { act, screen, waitFor } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { setRuntimeConfig, type ReleaseManifest } from '@loyalty/shared/config';
import { mockFetch, renderWithProviders } from '@loyalty/shared/testing';
import { registerReleasedRemotes, registeredRemotes } from '../remotes/register-released-remotes';
import { RemoteArea } from '../remotes/remote-area';
import { federationJournalPlugin } from './federation-journal-plugin';
import { readJournal, resetJournal } from './journal';
import { ReportBuilder } from './report-builder';
import type { ReportEvent } from '@loyalty/shared/telemetry';

// The federation runtime is this boundary's network: the remote's module is what it hands over.
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));
// What remote entries read of the runtime (ES modules of the bundler's runtime, which jest does not
// load): no remote entry runs here.
jest.mock('../remotes/provide-federation-runtime', () => ({ provideFederationRuntime: jest.fn() }));

/** mf-points' canary goes to every network with a cohort (this page has one); mf-auth is stable. */
const manifest: ReleaseManifest = {
  schemaVersion: 1,
  environment: 'production',
  revision: 3,
  remotes: {
    mf_points: {
      stable: { version: '1.0.0', entry: 'https://cdn.example/mf-points/1.0.0/remoteEntry.js' },
      canary: { version: '1.1.0', entry: 'https://cdn.example/mf-points/1.1.0/remoteEntry.js', percent: 100 },
    },
    mf_auth: { stable: { version: '2.0.0', entry: 'https://cdn.example/mf-auth/2.0.0/remoteEntry.js' } },
  },
};

let events: ReportEvent[];
beforeEach(async () => {
  resetJournal();
  document.cookie = 'loyalty_cohort=AbCdEfGh_-123456';
  setRuntimeConfig({ RELEASE_MANIFEST_URL: 'http://localhost/release-manifest.json' });
  mockFetch([{ method: 'GET', path: '/release-manifest.json', body: manifest }]);
  await act(() => registerReleasedRemotes());
  const builder = new ReportBuilder({ remotes: registeredRemotes, shell: { version: '0.1.0' } });
  events = [];
  readJournal((entry) => events.push(...builder.read(entry)));
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.mocked(console.error).mockRestore());

test("an error thrown inside mf-points' area is counted for mf-points at its version and channel", async () => {
  jest.mocked(loadRemote).mockResolvedValue({
    default: function Routes() {
      throw new Error('the canary broke');
    },
  });
  await renderWithProviders(<RemoteArea remote="mf_points" />, { route: '/dashboard', namespaces: ['shell'] });
  expect(await screen.findByText('This part of the page could not be loaded.')).toBeInTheDocument();

  const canary = { remote: 'mf_points', version: '1.1.0', channel: 'canary' };
  expect(events).toContainEqual({ type: 'page', ...canary, navigation: 'load' });
  expect(events.filter((event) => event.type === 'error')).toEqual([{ type: 'error', ...canary, kind: 'boundary' }]);
  // Nothing is put on mf-auth's account, nor on the stable release.
  expect(events.filter((event) => event.remote !== 'mf_points' || event.version !== '1.1.0')).toEqual([]);
});

test("the runtime's hooks and the area's first render make one load, ok, for the release that rendered", async () => {
  jest.mocked(loadRemote).mockImplementation(async () => {
    // What the federation runtime calls on the registered plugin as it loads the module.
    const plugin = federationJournalPlugin() as Required<ReturnType<typeof federationJournalPlugin>>;
    const remoteInfo = { name: 'mf_auth' };
    await plugin.beforeRequest({ id: 'mf_auth/routes' } as never);
    await plugin.afterLoadEntry({ remoteInfo } as never);
    await plugin.afterInitRemote({ remoteInfo } as never);
    await plugin.afterGetExpose({ moduleInfo: remoteInfo } as never);
    await plugin.afterExecuteFactory({ moduleInfo: remoteInfo } as never);
    return { default: () => <h1>Sign in</h1> };
  });
  await renderWithProviders(<RemoteArea remote="mf_auth" />, { route: '/auth/login', namespaces: ['shell'] });
  expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  // The first render's effect, after the heading is on screen.
  const auth = { remote: 'mf_auth', version: '2.0.0', channel: 'stable' };
  await waitFor(() =>
    expect(events.filter((event) => event.type === 'remote-load')).toEqual([
      { type: 'remote-load', ...auth, outcome: 'ok', attempts: 1, durationMs: expect.any(Number) },
    ]),
  );
});
