import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, refusedByLimit, whileTheShellTells } from '@loyalty/shared/testing';
import { LIMIT_TEXTS } from '@loyalty/shared/api/messages';

type MockedFetch = ReturnType<typeof mockFetch>;
import { sessionStore } from '@loyalty/shared/session';
import { CodeNotLoadedError } from '@loyalty/shared/http';
import { TEST_USER, renderAuthRoutes } from '../../testing/render-auth-routes';

// Rendering the Chakra system in jsdom is slow on a shared 2-core machine.
jest.setTimeout(30_000);

let network: MockedFetch | undefined;
afterEach(() => {
  network?.restore();
  sessionStore.getState().clear();
  sessionStorage.clear();
});

describe('VerifyCodePage', () => {
  it('is one visible numeric field a phone can fill from the message', async () => {
    sessionStorage.setItem('mf-auth.register-email', 'ada@example.com');
    await renderAuthRoutes('/auth/verify-otp');
    const code = await screen.findByLabelText(/^Verification code/);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).not.toHaveAttribute('type', 'password');
  });

  it('says "Invalid OTP" for a short code and for a code the API refuses', async () => {
    sessionStorage.setItem('mf-auth.reset-email', 'ada@example.com');
    network = mockFetch([
      { method: 'POST', path: '/api/auth/verify-otp', status: 422, body: { message: 'Invalid OTP' } },
    ]);
    await renderAuthRoutes('/auth/verify-password');
    const user = userEvent.setup({ delay: null });
    const code = await screen.findByLabelText(/^Verification code/);
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid OTP')).toBeInTheDocument();
    expect(network.calls).toHaveLength(0);

    await user.type(code, '34');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(network!.calls).toHaveLength(1));
    expect(await screen.findByText('Invalid OTP')).toBeInTheDocument();
    expect(code).toHaveFocus();
    expect(await network.calls[0]!.json()).toEqual({ email: 'ada@example.com', otp: '1234', purpose: 'reset' });
  });

  it('accepts a pasted code and signs the new member in', async () => {
    sessionStorage.setItem('mf-auth.register-email', 'ada@example.com');
    network = mockFetch([
      {
        method: 'POST',
        path: '/api/auth/verify-otp',
        body: { message: 'Your account is verified', data: { accessToken: 'header.payload.sig', user: TEST_USER } },
      },
    ]);
    await renderAuthRoutes('/auth/verify-otp');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByLabelText(/^Verification code/));
    await user.paste(' 4321 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(sessionStore.getState().status).toBe('authenticated'));
    // Unticked, the device keeps no one (decision 080).
    expect(await network.calls[0]!.json()).toEqual({
      email: 'ada@example.com',
      otp: '4321',
      purpose: 'register',
      keepSignedIn: false,
    });
    expect(sessionStorage.getItem('mf-auth.register-email')).toBeNull();
    expect(localStorage.getItem('keptDevice')).toBeNull();
  });

  it('keeps the new member signed in on this device when they tick the choice, with the keyboard alone', async () => {
    sessionStorage.setItem('mf-auth.register-email', 'ada@example.com');
    const keptUntil = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
    network = mockFetch([
      {
        method: 'POST',
        path: '/api/auth/verify-otp',
        body: {
          message: 'Your account is verified',
          data: { accessToken: 'header.payload.sig', user: TEST_USER, keptUntil },
        },
      },
    ]);
    await renderAuthRoutes('/auth/verify-otp');
    const user = userEvent.setup({ delay: null });
    const choice = await screen.findByRole('checkbox', { name: 'Keep me signed in on this device for 30 days' });
    expect(choice).not.toBeChecked();
    await user.type(screen.getByLabelText(/^Verification code/), '4321');
    // After the code, the choice; Space ticks it, then Verify.
    await user.tab();
    expect(choice).toHaveFocus();
    await user.keyboard(' ');
    expect(choice).toBeChecked();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Verify' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sessionStore.getState().status).toBe('authenticated'));
    expect(await network.calls[0]!.json()).toMatchObject({ otp: '4321', purpose: 'register', keepSignedIn: true });
    expect(JSON.parse(localStorage.getItem('keptDevice')!)).toEqual({ until: Date.parse(keptUntil) });
    localStorage.removeItem('keptDevice');
  });

  it('offers no such choice on a reset’s code step, which signs no one in', async () => {
    sessionStorage.setItem('mf-auth.reset-email', 'ada@example.com');
    await renderAuthRoutes('/auth/verify-password');
    await screen.findByLabelText(/^Verification code/);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('asks for a fresh reset code again, then waits as long as the server says', async () => {
    sessionStorage.setItem('mf-auth.reset-email', 'ada@example.com');
    network = mockFetch([
      {
        method: 'POST',
        path: '/api/auth/forgot-password',
        body: { message: 'Request sent successfully!', resendAfter: 75 },
      },
    ]);
    await renderAuthRoutes('/auth/verify-password');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('A new code is on its way');
    expect(screen.getByRole('button', { name: /Send a new code in 7[45] s/ })).toBeDisabled();
    expect(await network.calls[0]!.json()).toEqual({ email: 'ada@example.com' });
  });

  it('a resend refused by a limit waits out the server’s Retry-After and says so', async () => {
    sessionStorage.setItem('mf-auth.reset-email', 'ada@example.com');
    network = mockFetch([refusedByLimit('POST', '/api/auth/forgot-password', 42, LIMIT_TEXTS.codeSentRecently)]);
    await renderAuthRoutes('/auth/verify-password');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A code was sent a moment ago. You can ask for another in 42 seconds.',
    );
    expect(screen.getByRole('button', { name: /Send a new code in 4[12] s/ })).toBeDisabled();
  });

  it('a code check refused because the address’s codes are suspended says until when, keeping the code', async () => {
    sessionStorage.setItem('mf-auth.reset-email', 'ada@example.com');
    network = mockFetch([refusedByLimit('POST', '/api/auth/verify-otp', 86000, LIMIT_TEXTS.codesSuspended)]);
    await renderAuthRoutes('/auth/verify-password');
    const user = userEvent.setup({ delay: null });
    const code = await screen.findByLabelText(/^Verification code/);
    await user.type(code, '1234');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many wrong codes were entered for this address, so codes are paused. You can ask for a new one in 24 hours',
    );
    expect(code).toHaveValue('1234');
    expect(screen.queryByText('Invalid OTP')).not.toBeInTheDocument();
  });

  it('sends a member with no address back to the start of the journey', async () => {
    await renderAuthRoutes('/auth/verify-password');
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
  });
});

describe("VerifyCodePage when a file of the page's build did not load (a release took it away)", () => {
  const { verifyRegistrationCode } = sessionStore.getState();
  const attempted = jest.fn(() => Promise.reject(new CodeNotLoadedError()));
  afterEach(() => sessionStore.setState({ verifyRegistrationCode }));

  async function verifyWithoutTheApiLayer() {
    network = mockFetch([]);
    sessionStorage.setItem('mf-auth.register-email', 'ada@example.com');
    sessionStore.setState({ verifyRegistrationCode: attempted });
    await renderAuthRoutes('/auth/verify-otp');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Verification code/), '4321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(attempted).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled());
  }

  it('hands it to the shell that tells of it: the code is not called invalid, and stays', async () => {
    const takesOver = await whileTheShellTells(verifyWithoutTheApiLayer);
    expect(takesOver).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Invalid OTP')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText(/^Verification code/)).toHaveValue('4321');
  });
});
