import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, refusedByLimit } from '@loyalty/shared/testing';
import { LIMIT_TEXTS, PASSKEY_TEXTS } from '@loyalty/shared/api/messages';

type MockedFetch = ReturnType<typeof mockFetch>;
import { sessionStore } from '@loyalty/shared/session';
import { CodeNotLoadedError, tellOfCodeNotLoaded } from '@loyalty/shared/http';
import { TEST_USER, renderAuthRoutes } from '../../testing/render-auth-routes';

const UNVERIFIED = 'Please verify your email address with the code we sent before signing in.';
const LOCKED =
  'Your account has been locked due to multiple failed login attempts. Please reset your password to unlock your account.';

// Rendering the Chakra system in jsdom is slow on a shared 2-core machine.
jest.setTimeout(30_000);

let network: MockedFetch | undefined;
afterEach(() => {
  network?.restore();
  sessionStore.getState().clear();
  sessionStorage.clear();
});

async function signIn(email = 'ada@example.com', password = 'Sunny#Day42') {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText(/^E-mail/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('says what is missing and moves focus to the first empty field', async () => {
    await renderAuthRoutes('/auth/login');
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail/)).toHaveFocus();
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows and hides the password with a button named for what it does', async () => {
    await renderAuthRoutes('/auth/login');
    const user = userEvent.setup({ delay: null });
    const password = await screen.findByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it.each([
    [401, 'Invalid login credentials.', 'Invalid login credentials.'],
    [423, LOCKED, LOCKED],
    [500, 'Database on fire', 'something went wrong'],
    [403, UNVERIFIED, UNVERIFIED],
    // The right password of an account whose member turned password sign-in off.
    [403, PASSKEY_TEXTS.passwordSignInOff, 'Password sign-in is off for this account. Sign in with your passkey.'],
  ])('answers %i with the docs/product/api.md text', async (status, message, shown) => {
    network = mockFetch([{ method: 'POST', path: '/api/auth/login', status, body: { message } }]);
    await renderAuthRoutes('/auth/login');
    await screen.findByRole('button', { name: 'Sign in' });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    // Nothing the member typed is lost.
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('ada@example.com');
  });

  it('says when a locked account opens again by itself, beside the way to reset it', async () => {
    network = mockFetch([
      {
        method: 'POST',
        path: '/api/auth/login',
        status: 423,
        headers: { 'Retry-After': '900' },
        body: { message: LOCKED, retryAfter: 900 },
      },
    ]);
    await renderAuthRoutes('/auth/login');
    await screen.findByRole('button', { name: 'Sign in' });
    await signIn();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(LOCKED);
    expect(within(alert).getByRole('link', { name: 'Reset your password' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Or try again in 15 minutes.');
  });

  it('takes a member who never entered their code to the code screen, with the address typed', async () => {
    network = mockFetch([{ method: 'POST', path: '/api/auth/login', status: 403, body: { message: UNVERIFIED } }]);
    await renderAuthRoutes('/auth/login');
    await screen.findByRole('button', { name: 'Sign in' });
    await signIn();
    const alert = await screen.findByRole('alert');
    await userEvent.setup().click(within(alert).getByRole('link', { name: 'Enter the code' }));
    expect(await screen.findByRole('heading', { name: 'Verify your e-mail' })).toBeVisible();
    expect(screen.getByText(/ada@example\.com/)).toBeVisible();
  });

  it('links a locked member to the reset, keeping returnTo', async () => {
    network = mockFetch([{ method: 'POST', path: '/api/auth/login', status: 423, body: { message: LOCKED } }]);
    await renderAuthRoutes('/auth/login?returnTo=%2Fdashboard%2Ftransactions');
    await screen.findByRole('button', { name: 'Sign in' });
    await signIn();
    const alert = await screen.findByRole('alert');
    expect(alert).toContainElement(screen.getByRole('link', { name: 'Reset your password' }));
    expect(screen.getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
      'href',
      '/auth/forgot-password?returnTo=%2Fdashboard%2Ftransactions',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/auth/register?returnTo=%2Fdashboard%2Ftransactions',
    );
  });

  it('offers a passkey beside the password, and passkeys in the e-mail field’s suggestions', async () => {
    await renderAuthRoutes('/auth/login');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toHaveAttribute('type', 'button');
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('autocomplete', 'username webauthn');
  });

  it('starts the session on success with the credentials typed', async () => {
    network = mockFetch([
      { method: 'POST', path: '/api/auth/login', body: { token: 'header.payload.sig', data: TEST_USER } },
    ]);
    await renderAuthRoutes('/auth/login');
    await screen.findByRole('button', { name: 'Sign in' });
    await signIn();
    await waitFor(() => expect(sessionStore.getState().status).toBe('authenticated'));
    expect(network.calls.filter((call) => call.url.endsWith('/api/auth/login'))).toHaveLength(1);
    // Not kept unless the member chose it (decision 080): a shared device keeps no one.
    expect(await network.calls[0]!.json()).toEqual({
      email: 'ada@example.com',
      password: 'Sunny#Day42',
      keepSignedIn: false,
    });
    expect(localStorage.getItem('keptDevice')).toBeNull();
  });

  it('keeps the device signed in only when the member ticks the choice, with the keyboard alone', async () => {
    const keptUntil = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
    network = mockFetch([
      { method: 'POST', path: '/api/auth/login', body: { token: 'header.payload.sig', data: TEST_USER, keptUntil } },
    ]);
    await renderAuthRoutes('/auth/login');
    await screen.findByRole('button', { name: 'Sign in' });
    const choice = screen.getByRole('checkbox', { name: 'Keep me signed in on this device for 30 days' });
    expect(choice).not.toBeChecked();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^E-mail/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Sunny#Day42');
    // After the password: its show button, the reset link, then the choice; Space ticks it.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(choice).toHaveFocus();
    await user.keyboard(' ');
    expect(choice).toBeChecked();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sessionStore.getState().status).toBe('authenticated'));
    expect(await network.calls[0]!.json()).toMatchObject({ keepSignedIn: true });
    expect(JSON.parse(localStorage.getItem('keptDevice')!)).toEqual({ until: Date.parse(keptUntil) });
    localStorage.removeItem('keptDevice');
  });

  it('says in the member’s language when a throttled sign-in may be tried again, keeping what was typed', async () => {
    network = mockFetch([refusedByLimit('POST', '/api/auth/login', 30, LIMIT_TEXTS.tooManyAttempts)]);
    await renderAuthRoutes('/auth/login');
    await screen.findByRole('button', { name: 'Sign in' });
    await signIn('ada@example.com', 'Sunny#Day42');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. You can try again in 30 seconds.');
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('ada@example.com');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('Sunny#Day42');
    expect(sessionStore.getState().status).not.toBe('authenticated');
  });
});

test('says why to join, under the form: three reasons, each with its words', async () => {
  await renderAuthRoutes('/auth/login');
  const why = await screen.findByRole('region', { name: 'Why join' });
  const reasons = within(why).getAllByRole('listitem');
  expect(reasons.map((reason) => reason.querySelector('p')?.textContent)).toEqual([
    'Points for every stay',
    'Rewards you can use',
    'Safe without a password',
  ]);
});

describe("when a file of the page's build did not load (a release took it away)", () => {
  const { login } = sessionStore.getState();
  const attempted = jest.fn(() => Promise.reject(new CodeNotLoadedError()));
  afterEach(() => sessionStore.setState({ login }));

  async function signInWithoutTheApiLayer() {
    sessionStore.setState({ login: attempted });
    await renderAuthRoutes('/auth/login');
    await screen.findByRole('button', { name: 'Sign in' });
    await signIn();
    await waitFor(() => expect(attempted).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled());
  }

  it('leaves the word to the shell that tells of it, keeping what was typed', async () => {
    const stop = tellOfCodeNotLoaded(() => true);
    try {
      await signInWithoutTheApiLayer();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByText(/something went wrong/i)).toBeNull();
      expect(screen.getByLabelText(/^E-mail/)).toHaveValue('ada@example.com');
      expect(screen.getByLabelText(/^Password/)).toHaveValue('Sunny#Day42');
    } finally {
      stop();
    }
  });

  it('leaves the word to the shell for a passkey sign-in too', async () => {
    const { loginWithPasskey } = sessionStore.getState();
    const stop = tellOfCodeNotLoaded(() => true);
    const attemptedWithPasskey = jest.fn(() => Promise.reject(new CodeNotLoadedError()));
    sessionStore.setState({ loginWithPasskey: attemptedWithPasskey });
    try {
      await renderAuthRoutes('/auth/login');
      await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Use a passkey' }));
      await waitFor(() => expect(attemptedWithPasskey).toHaveBeenCalled());
      await waitFor(() => expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeEnabled());
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      stop();
      sessionStore.setState({ loginWithPasskey });
    }
  });

  it('says something went wrong where nothing tells of it (no worker)', async () => {
    await signInWithoutTheApiLayer();
    expect(await screen.findByRole('alert')).toHaveTextContent(/something went wrong/i);
  });
});
