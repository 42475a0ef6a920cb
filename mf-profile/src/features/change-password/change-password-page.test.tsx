import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, refusedByLimit, renderWithProviders, fakeToken, whileTheShellTells } from '@loyalty/shared/testing';
import { LIMIT_TEXTS } from '@loyalty/shared/api/messages';
import { sessionStore } from '@loyalty/shared/session';
import { CodeNotLoadedError } from '@loyalty/shared/http';
import '../../routes';
import { ChangePasswordPage } from './change-password-page';
import { TEST_USER } from '../../testing/fixtures';

jest.setTimeout(30_000);

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  sessionStorage.clear();
});

beforeEach(() => {
  sessionStore.setState({ status: 'authenticated', user: TEST_USER, expired: false });
});

async function fill(old: string, next: string, confirm: string) {
  const user = userEvent.setup();
  if (old) await user.type(screen.getByLabelText(/^Current password/), old);
  if (next) await user.type(screen.getByLabelText(/^New password/), next);
  if (confirm) await user.type(screen.getByLabelText(/^Confirm new password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordPage', () => {
  it('ticks the rules off as the member types', async () => {
    restore = mockFetch([]).restore;
    await renderWithProviders(<ChangePasswordPage />, { namespaces: ['profile'] });
    const rules = screen.getByRole('list', { name: 'Password requirements' });
    const rule = (name: string) => within(rules).getByText(name).closest('li')!;
    expect(rule('At least 8 characters')).toHaveTextContent('not yet met');

    await userEvent.setup().type(screen.getByLabelText(/^New password/), 'abcdefgH1');
    expect(rule('At least 8 characters')).toHaveTextContent(', met');
    expect(rule('One uppercase letter')).toHaveTextContent(', met');
    expect(rule('One special character')).toHaveTextContent('not yet met');
  });

  it('checks the policy, the difference and the confirmation before sending', async () => {
    const fetch = mockFetch([]);
    restore = fetch.restore;
    await renderWithProviders(<ChangePasswordPage />, { namespaces: ['profile'] });

    await fill('', 'Sunny#Day42', 'Sunny#Day43');
    expect(await screen.findByText('Old password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current password/)).toHaveFocus();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Current password/), 'Sunny#Day42');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('New password must be different from old password')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'Rainy#Day43');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Confirm new password/)).toHaveFocus();

    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/)).toHaveFocus();
    expect(fetch.calls).toHaveLength(0);
  });

  it('signs the member in again with the fresh token, and by default signs out everywhere else', async () => {
    const token = fakeToken(Math.floor(Date.now() / 1000) + 3600);
    const fetch = mockFetch([
      {
        method: 'POST',
        path: '/api/auth/change-password',
        body: { message: 'Password changed successfully', token, data: TEST_USER, otherSessionsEnded: true },
      },
    ]);
    restore = fetch.restore;
    await renderWithProviders(<ChangePasswordPage />, { namespaces: ['profile'] });
    expect(screen.getByRole('checkbox', { name: 'Sign out everywhere else' })).toBeChecked();

    await fill('Sunny#Day42', 'Rainy#Day43', 'Rainy#Day43');
    // The outcome is said (in the page, and in a toast), and takes the focus the disabled submit
    // button dropped.
    const outcome = (
      await screen.findByText(
        'Your password has been changed, and your other devices have been signed out. This device stays signed in.',
        { selector: '[role="status"][tabindex="-1"] *' },
      )
    ).closest('[role="status"]');
    expect(outcome).toHaveFocus();
    expect(await fetch.calls[0]!.json()).toEqual({
      oldPassword: 'Sunny#Day42',
      newPassword: 'Rainy#Day43',
      confirmPassword: 'Rainy#Day43',
      signOutOthers: true,
    });
    expect(sessionStorage.getItem('accessToken')).toBe(token);
    expect(screen.getByLabelText(/^New password/)).toHaveValue('');
    // The choice is back to its safe default for the next change.
    expect(screen.getByRole('checkbox', { name: 'Sign out everywhere else' })).toBeChecked();
  });

  it('keeps the other devices signed in when the member unticks the choice, and says so', async () => {
    const token = fakeToken(Math.floor(Date.now() / 1000) + 3600);
    const fetch = mockFetch([
      {
        method: 'POST',
        path: '/api/auth/change-password',
        body: { message: 'Password changed successfully', token, data: TEST_USER, otherSessionsEnded: false },
      },
    ]);
    restore = fetch.restore;
    await renderWithProviders(<ChangePasswordPage />, { namespaces: ['profile'] });
    const choice = screen.getByRole('checkbox', { name: 'Sign out everywhere else' });
    expect(choice).toHaveAccessibleDescription(/every other device and browser/);
    await userEvent.setup().click(choice);
    expect(choice).not.toBeChecked();

    await fill('Sunny#Day42', 'Rainy#Day43', 'Rainy#Day43');
    expect(
      await screen.findByText(
        'Your password has been changed. Your other devices are still signed in; you can end them on the “Signed-in devices” page.',
        { selector: '[role="status"][tabindex="-1"] *' },
      ),
    ).toBeInTheDocument();
    expect(await fetch.calls[0]!.json()).toMatchObject({ signOutOthers: false });
  });

  it('shows the server’s text for a wrong current password and keeps what was typed', async () => {
    restore = mockFetch([
      {
        method: 'POST',
        path: '/api/auth/change-password',
        status: 422,
        body: { message: 'Old password is incorrect', errors: { oldPassword: 'Old password is incorrect' } },
      },
    ]).restore;
    await renderWithProviders(<ChangePasswordPage />, { namespaces: ['profile'] });

    await fill('Wrong#Pass1', 'Rainy#Day43', 'Rainy#Day43');
    expect(await screen.findByRole('alert')).toHaveTextContent('Old password is incorrect');
    expect(screen.getByLabelText(/^Current password/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^New password/)).toHaveValue('Rainy#Day43');
    expect(sessionStorage.getItem('accessToken')).toBeNull();
  });

  it('says in the member’s language when a throttled change may be tried again, keeping what was typed', async () => {
    const fetch = mockFetch([refusedByLimit('POST', '/api/auth/change-password', 600, LIMIT_TEXTS.tooManyAttempts)]);
    restore = fetch.restore;
    await renderWithProviders(<ChangePasswordPage />, { namespaces: ['profile'] });
    await fill('Sunny#Day42', 'Rainy#Day43', 'Rainy#Day43');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. You can try again in 10 minutes.');
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('Sunny#Day42');
    expect(screen.getByLabelText(/^New password/)).toHaveValue('Rainy#Day43');
    expect(sessionStore.getState().status).toBe('authenticated');
  });

  it('a change that lost a race to another one says so and changes nothing here', async () => {
    const fetch = mockFetch([
      {
        method: 'POST',
        path: '/api/auth/change-password',
        status: 409,
        body: { message: 'The password was changed meanwhile. Please sign in again.' },
      },
    ]);
    restore = fetch.restore;
    await renderWithProviders(<ChangePasswordPage />, { namespaces: ['profile'] });
    await fill('Sunny#Day42', 'Rainy#Day43', 'Rainy#Day43');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The password was changed meanwhile. Please sign in again.',
    );
    expect(screen.getByLabelText(/^New password/)).toHaveValue('Rainy#Day43');
  });
});

describe("ChangePasswordPage when a file of the page's build did not load (a release took it away)", () => {
  const { changePassword } = sessionStore.getState();
  const attempted = jest.fn(() => Promise.reject(new CodeNotLoadedError()));
  afterEach(() => sessionStore.setState({ changePassword }));

  async function changeWithoutTheApiLayer() {
    restore = mockFetch([]).restore;
    sessionStore.setState({ changePassword: attempted });
    await renderWithProviders(<ChangePasswordPage />, { namespaces: ['profile'] });
    await fill('Sunny#Day42', 'Rainy#Day43', 'Rainy#Day43');
    await waitFor(() => expect(attempted).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled());
  }

  it('hands it to the shell that tells of it, shows no message of its own and keeps what was typed', async () => {
    const takesOver = await whileTheShellTells(changeWithoutTheApiLayer);
    expect(takesOver).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('Sunny#Day42');
    expect(screen.getByLabelText(/^New password/)).toHaveValue('Rainy#Day43');
    expect(screen.getByLabelText(/^Confirm new password/)).toHaveValue('Rainy#Day43');
  });

  it('says the change failed where nothing tells of it (no worker)', async () => {
    await changeWithoutTheApiLayer();
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('Sunny#Day42');
  });
});
