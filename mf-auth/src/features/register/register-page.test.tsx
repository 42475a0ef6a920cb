import { screen, within } from '@testing-library/react';
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

async function fill(fields: Partial<Record<'first' | 'last' | 'email' | 'password' | 'confirm', string>>) {
  const user = userEvent.setup({ delay: null });
  const labels = {
    first: /^First name/,
    last: /^Last name/,
    email: /^E-mail/,
    password: /^Password/,
    confirm: /^Confirm password/,
  } as const;
  for (const [field, value] of Object.entries(fields)) {
    await user.type(screen.getByLabelText(labels[field as keyof typeof labels], { selector: 'input' }), value);
  }
  return user;
}

const VALID = {
  first: 'Ada',
  last: 'Lovelace',
  email: 'ada@example.com',
  password: 'Sunny#Day42',
  confirm: 'Sunny#Day42',
};

describe('RegisterPage', () => {
  it('shows every docs/product/limits.md message on submit and focuses the first invalid field', async () => {
    await renderAuthRoutes('/auth/register');
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('First name required')).toBeInTheDocument();
    expect(screen.getByText('Last name required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/, { selector: 'input' })).toHaveFocus();
  });

  it('limits names to 15 characters and wants matching passwords, shown on blur', async () => {
    await renderAuthRoutes('/auth/register');
    await screen.findByRole('button', { name: 'Create account' });
    const user = await fill({ first: 'A'.repeat(16), password: 'Sunny#Day42', confirm: 'Sunny#Day43' });
    await user.tab();
    expect(await screen.findByText('First name must be at most 15 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
  });

  it('ticks the policy checklist off while the password is typed', async () => {
    await renderAuthRoutes('/auth/register');
    const list = await screen.findByRole('list', { name: 'Password requirements' });
    const state = () =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(state()).toEqual([
      'At least 8 characters, not yet met',
      'One lowercase letter, not yet met',
      'One uppercase letter, not yet met',
      'One number, not yet met',
      'One special character, not yet met',
    ]);
    await fill({ password: 'ab1' });
    expect(state()).toEqual([
      'At least 8 characters, not yet met',
      'One lowercase letter, met',
      'One uppercase letter, not yet met',
      'One number, met',
      'One special character, not yet met',
    ]);
  });

  it('shows the server text when registering fails, else "Invalid email"', async () => {
    network = mockFetch([
      {
        method: 'POST',
        path: '/api/auth/register',
        status: 422,
        body: { message: 'Last name must be at most 15 characters' },
      },
    ]);
    await renderAuthRoutes('/auth/register');
    await screen.findByRole('button', { name: 'Create account' });
    const user = await fill(VALID);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Last name must be at most 15 characters');
    network.restore();

    network = mockFetch([{ method: 'POST', path: '/api/auth/register', status: 500 }]);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email');
    expect(screen.getByLabelText(/^First name/, { selector: 'input' })).toHaveValue('Ada');
  });

  it('moves on to the code step with the address once registered', async () => {
    network = mockFetch([
      {
        method: 'POST',
        path: '/api/auth/register',
        status: 201,
        body: {
          message: 'Please check your email!',
          email: 'ada@example.com',
          accessToken: null,
          user: { email: 'ada@example.com' },
          resendAfter: 45,
        },
      },
    ]);
    await renderAuthRoutes('/auth/register');
    await screen.findByRole('button', { name: 'Create account' });
    const user = await fill(VALID);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Verify your e-mail' })).toBeInTheDocument();
    expect(screen.getByText(/we sent to \u2068ada@example\.com\u2069/)).toBeInTheDocument();
    expect(await network.calls[0]!.json()).toEqual({
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@example.com',
      password: 'Sunny#Day42',
      password2: 'Sunny#Day42',
      language: 'en',
    });
    // The address survives a reload; the password is never stored.
    expect(Object.values(sessionStorage)).toEqual(['ada@example.com']);
    // The resend waits as long as the server said.
    expect(screen.getByRole('button', { name: /Send a new code in 4[45] s/ })).toBeDisabled();
  });

  it('says when a member refused by a limit may try again, and keeps what was typed', async () => {
    network = mockFetch([refusedByLimit('POST', '/api/auth/register', 540, LIMIT_TEXTS.tooManyAttempts)]);
    await renderAuthRoutes('/auth/register');
    await screen.findByRole('button', { name: 'Create account' });
    const user = await fill(VALID);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. You can try again in 9 minutes.');
    expect(screen.getByLabelText(/^E-mail/, { selector: 'input' })).toHaveValue('ada@example.com');
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveValue('Sunny#Day42');
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });
});
