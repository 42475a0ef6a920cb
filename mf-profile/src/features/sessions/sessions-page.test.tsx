import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '@loyalty/shared/testing';
import { sessionStore } from '@loyalty/shared/session';
import '../../routes';
import { SessionsPage } from './sessions-page';
import { TEST_USER } from '../../testing/fixtures';

jest.setTimeout(30_000);

let restore: (() => void) | undefined;
beforeEach(() => sessionStore.setState({ status: 'authenticated', user: TEST_USER, expired: false }));
afterEach(() => restore?.());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const SESSIONS = [
  {
    id: 'here',
    browser: 'Chrome 131',
    os: 'Linux',
    deviceType: 'desktop',
    createdAt: minutesAgo(90),
    lastUsedAt: minutesAgo(0),
    current: true,
  },
  {
    id: 'phone',
    browser: 'Safari 17',
    os: 'iOS 17',
    deviceType: 'mobile',
    createdAt: minutesAgo(3000),
    lastUsedAt: minutesAgo(5),
    current: false,
    // Kept signed in on that phone (decision 080).
    keptUntil: '2031-03-14T12:00:00.000Z',
  },
];

describe('SessionsPage', () => {
  it('lists where the member is signed in, this device marked, and signs another device out', async () => {
    const fetch = mockFetch([
      { method: 'GET', path: '/api/account/sessions', body: { data: SESSIONS } },
      { method: 'POST', path: '/api/account/sessions/phone/end', body: { message: 'The session has ended' } },
    ]);
    restore = fetch.restore;
    await renderWithProviders(<SessionsPage />, { namespaces: ['profile'] });
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    expect(list).toHaveTextContent('Chrome 131 on Linux');
    expect(list).toHaveTextContent('This device');
    expect(list).toHaveTextContent('Safari 17 on iOS 17');
    expect(list).toHaveTextContent('Last active 5 minutes ago');
    expect(list).toHaveTextContent(/kept signed in until .*2031/);
    expect(screen.getAllByText(/kept signed in until/)).toHaveLength(1);
    // Only another device can be signed out from here.
    expect(screen.queryByRole('button', { name: 'Sign out Chrome 131 on Linux' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out Safari 17 on iOS 17' }));
    expect(await screen.findByText('That device has been signed out.')).toBeInTheDocument();
    expect(fetch.calls.some((call) => call.url.endsWith('/api/account/sessions/phone/end'))).toBe(true);
  });

  it('signs out every other device at once, and says when it could not', async () => {
    const fetch = mockFetch([
      { method: 'GET', path: '/api/account/sessions', body: { data: SESSIONS } },
      { method: 'POST', path: '/api/account/sessions/end-others', status: 500, body: { message: 'x' } },
    ]);
    restore = fetch.restore;
    await renderWithProviders(<SessionsPage />, { namespaces: ['profile'] });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out all other devices' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The device could not be signed out.');
  });
});
