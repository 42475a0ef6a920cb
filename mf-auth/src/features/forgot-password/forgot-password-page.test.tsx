import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, refusedByLimit } from '@loyalty/shared/testing';
import { LIMIT_TEXTS } from '@loyalty/shared/api/messages';

type MockedFetch = ReturnType<typeof mockFetch>;
import { renderAuthRoutes } from '../../testing/render-auth-routes';

// Rendering the Chakra system in jsdom is slow on a shared 2-core machine.
jest.setTimeout(30_000);

let network: MockedFetch | undefined;
afterEach(() => {
  network?.restore();
  sessionStorage.clear();
});

describe('the reset journey', () => {
  it('checks the address, then confirms the request and asks for the code', async () => {
    network = mockFetch([
      {
        method: 'POST',
        path: '/api/auth/forgot-password',
        body: { message: 'Request sent successfully!', resendAfter: 60 },
      },
    ]);
    await renderAuthRoutes('/auth/forgot-password');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth/login');
    await user.type(screen.getByLabelText(/^E-mail/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Email must be a valid email address')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^E-mail/));
    await user.type(screen.getByLabelText(/^E-mail/), 'Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('heading', { name: 'Enter your reset code' })).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Request sent successfully!');
    expect(status).toHaveTextContent('Please check your email!');
    expect(await network.calls[0]!.json()).toEqual({ email: 'ada@example.com' });
  });

  it('takes the address typed here back to the sign-in page', async () => {
    await renderAuthRoutes('/auth/forgot-password');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^E-mail/), 'ada@example.com');
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('ada@example.com');
  });

  it('shows the server text when the request fails, else "Invalid email"', async () => {
    network = mockFetch([{ method: 'POST', path: '/api/auth/forgot-password', status: 502 }]);
    await renderAuthRoutes('/auth/forgot-password');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^E-mail/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email');
  });

  it('sets the new password with the reset token and shows the success screen', async () => {
    sessionStorage.setItem('mf-auth.reset-token', 'reset-token-1');
    network = mockFetch([
      {
        method: 'POST',
        path: '/api/auth/set-password',
        body: { message: 'Password is reset successfully', otherSessionsEnded: true },
      },
    ]);
    await renderAuthRoutes('/auth/new-password');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('checkbox', { name: 'Sign out every device' })).toBeChecked();
    await user.type(await screen.findByLabelText(/^New password/), 'Fresh#Start9');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Fresh#Start8');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Fresh#Start9');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password is reset successfully')).toBeInTheDocument();
    expect(
      screen.getByText(/Every device that was signed in to your account has been signed out\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    expect(await network.calls[0]!.json()).toEqual({
      resetToken: 'reset-token-1',
      password: 'Fresh#Start9',
      confirmPassword: 'Fresh#Start9',
      signOutOthers: true,
    });
    expect(sessionStorage.getItem('mf-auth.reset-token')).toBeNull();
  });

  it('a reset that keeps the devices signed in sends that choice and says so', async () => {
    sessionStorage.setItem('mf-auth.reset-token', 'reset-token-2');
    network = mockFetch([
      {
        method: 'POST',
        path: '/api/auth/set-password',
        body: { message: 'Password is reset successfully', otherSessionsEnded: false },
      },
    ]);
    await renderAuthRoutes('/auth/new-password');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^New password/), 'Fresh#Start9');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Fresh#Start9');
    // By keyboard: the choice is a plain checkbox, toggled with Space.
    screen.getByRole('checkbox', { name: 'Sign out every device' }).focus();
    await user.keyboard(' ');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(/Devices already signed in to your account stay signed in/)).toBeInTheDocument();
    expect(await network.calls[0]!.json()).toMatchObject({ signOutOthers: false });
  });

  it('shows the API refusal of a new password in its own words', async () => {
    sessionStorage.setItem('mf-auth.reset-token', 'reset-token-1');
    const refusal = 'This reset link is invalid or has expired. Please request a new code.';
    network = mockFetch([{ method: 'POST', path: '/api/auth/set-password', status: 422, body: { message: refusal } }]);
    await renderAuthRoutes('/auth/new-password');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^New password/), 'Fresh#Start9');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Fresh#Start9');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(refusal);
    expect(alert).toContainElement(screen.getByRole('link', { name: 'Request a new code' }));
  });

  it('says when a member may ask again once the address has had its codes, keeping the address', async () => {
    network = mockFetch([refusedByLimit('POST', '/api/auth/forgot-password', 2400, LIMIT_TEXTS.codeSentRecently)]);
    await renderAuthRoutes('/auth/forgot-password');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^E-mail/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A code was sent a moment ago. You can ask for another in 40 minutes.',
    );
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('ada@example.com');
    expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
  });

  it('says when a throttled new password may be sent again, keeping what was typed', async () => {
    sessionStorage.setItem('mf-auth.reset-token', 'reset-token-1');
    network = mockFetch([refusedByLimit('POST', '/api/auth/set-password', 7200, LIMIT_TEXTS.tooManyAttempts)]);
    await renderAuthRoutes('/auth/new-password');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^New password/), 'Fresh#Start9');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Fresh#Start9');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. You can try again in 2 hours.');
    expect(screen.getByLabelText(/^New password/)).toHaveValue('Fresh#Start9');
  });
});
