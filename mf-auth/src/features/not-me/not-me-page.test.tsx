import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, TEST_USER } from '@loyalty/shared/testing';
import { sessionStore } from '@loyalty/shared/session';
import { renderAuthRoutes } from '../../testing/render-auth-routes';

type MockedFetch = ReturnType<typeof mockFetch>;

// Rendering the Chakra system in jsdom is slow on a shared 2-core machine.
jest.setTimeout(30_000);

let network: MockedFetch | undefined;
afterEach(() => {
  sessionStore.setState({ status: 'unauthenticated', user: null });
  network?.restore();
  sessionStorage.clear();
});

const TOKEN = 'q3Xf0Zk2bVnP9sLw7YtR4uEo1iAa8cDg6hJmKxNzB5C';
const NOT_ME = '/api/auth/sign-in-alerts/not-me';

/** Opens the link's page with the API answering that the sign-in ended; returns the mocked network. */
async function openLinkAndEnd(): Promise<MockedFetch> {
  const mocked = mockFetch([
    {
      method: 'POST',
      path: NOT_ME,
      body: {
        message: 'That sign-in has ended.',
        data: { email: 'ada@example.com', sessionEnded: true, resendAfter: 60 },
      },
    },
  ]);
  await renderAuthRoutes(`/auth/not-me#token=${TOKEN}`);
  return mocked;
}

test("opening the link spends nothing; the button ends the sign-in and lands on the reset's code step", async () => {
  network = await openLinkAndEnd();
  const user = userEvent.setup({ delay: null });
  expect(await screen.findByRole('heading', { name: "Wasn't you?" })).toBeInTheDocument();
  expect(network.calls).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'End that sign-in and reset my password' }));
  expect(await screen.findByRole('heading', { name: 'Enter your reset code' })).toBeInTheDocument();
  expect(screen.getByText(/ada@example\.com/)).toBeInTheDocument();
  expect(await network.calls[0]!.json()).toEqual({ token: TOKEN });
  expect(sessionStorage.getItem('mf-auth.reset-email')).toBe('ada@example.com');
});

test('a member signed in where they read the mail ends the sign-in and is offered the password change', async () => {
  sessionStore.setState({ status: 'authenticated', user: TEST_USER, expired: false });
  network = await openLinkAndEnd();
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'End that sign-in and reset my password' }));
  expect(await screen.findByRole('heading', { name: 'That sign-in has ended' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Change my password' })).toHaveAttribute(
    'href',
    '/dashboard/user/change-password',
  );
});

test('a used or expired link says so and offers a reset instead', async () => {
  network = mockFetch([
    {
      method: 'POST',
      path: NOT_ME,
      status: 422,
      body: { message: 'This link is invalid, has expired or was already used.' },
    },
  ]);
  await renderAuthRoutes(`/auth/not-me#token=${TOKEN}`);
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'End that sign-in and reset my password' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/invalid, has expired or was already used/);
});

test('a link without a token offers the reset, and no button', async () => {
  await renderAuthRoutes('/auth/not-me');
  expect(await screen.findByRole('alert')).toHaveTextContent(/invalid, has expired or was already used/);
  expect(screen.queryByRole('button', { name: 'End that sign-in and reset my password' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Reset my password' })).toHaveAttribute('href', '/auth/forgot-password');
});
