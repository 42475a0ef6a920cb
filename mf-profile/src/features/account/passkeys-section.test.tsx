import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '@loyalty/shared/testing';
import type { Passkey } from '@loyalty/shared/api';
import { PASSKEY_TEXTS } from '@loyalty/shared/api/messages';
import '../../routes';
import { PasskeysSection } from './passkeys-section';

jest.setTimeout(30_000);

// The browser's passkey dialogs: what `@simplewebauthn/browser` answers.
const startAuthentication = jest.fn();
const startRegistration = jest.fn();
jest.mock('@simplewebauthn/browser', () => ({
  startAuthentication: (...args: unknown[]) => startAuthentication(...args),
  startRegistration: (...args: unknown[]) => startRegistration(...args),
}));
const OPTIONS = { challenge: 'c2VydmVy' };
const ASSERTION = { id: 'cred-1', type: 'public-key', response: { signature: 'c2ln' } };

const PASSKEY: Passkey = {
  id: 'cred-1',
  name: 'Chrome on Linux, 2026-11-28',
  createdAt: '2026-11-28T10:00:00.000Z',
  lastUsedAt: null,
  synced: true,
};

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const list = (data: Passkey[], passwordSignIn = true) => ({
  method: 'GET',
  path: '/api/auth/passkeys',
  body: { data, passwordSignIn },
});

describe('PasskeysSection', () => {
  it('lists the passkeys with their dates, and removes one once confirmed', async () => {
    const fetched = mockFetch([
      list([PASSKEY]),
      { method: 'POST', path: '/api/auth/passkeys/cred-1/remove', body: { message: 'Passkey removed' } },
    ]);
    restore = fetched.restore;
    await renderWithProviders(<PasskeysSection />, { namespaces: ['profile'] });

    const item = await screen.findByRole('listitem');
    expect(within(item).getByText(PASSKEY.name)).toBeInTheDocument();
    expect(within(item).getByText(/Added 28 November 2026 · not used yet · synced/)).toBeInTheDocument();

    await userEvent.click(within(item).getByRole('button', { name: `Remove ${PASSKEY.name}` }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this passkey?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));

    expect(await screen.findByRole('status')).toHaveTextContent(`${PASSKEY.name} was removed.`);
    expect(fetched.calls.some((call) => call.method === 'POST' && call.url.endsWith('/cred-1/remove'))).toBe(true);
  });

  it('says why the last way to sign in stays, in the page language', async () => {
    restore = mockFetch([
      list([PASSKEY], false),
      {
        method: 'POST',
        path: '/api/auth/passkeys/cred-1/remove',
        status: 409,
        body: { message: PASSKEY_TEXTS.lastSignInMethod },
      },
    ]).restore;
    await renderWithProviders(<PasskeysSection />, { namespaces: ['profile'] });

    await userEvent.click(await screen.findByRole('button', { name: `Remove ${PASSKEY.name}` }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove passkey' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/only way to sign in/);
    expect(screen.getByRole('listitem')).toHaveTextContent(PASSKEY.name);
  });

  it('says when there are none', async () => {
    restore = mockFetch([list([])]).restore;
    await renderWithProviders(<PasskeysSection />, { namespaces: ['profile'] });
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeInTheDocument();
  });

  it('adds a passkey once the password confirms it, keeping a wrong one typed with its refusal', async () => {
    const fetched = mockFetch([
      list([]),
      {
        method: 'POST',
        path: '/api/auth/passkeys/registration-options',
        status: 422,
        body: {
          message: PASSKEY_TEXTS.passwordIncorrect,
          errors: { password: PASSKEY_TEXTS.passwordIncorrect },
        },
      },
    ]);
    restore = fetched.restore;
    await renderWithProviders(<PasskeysSection />, { namespaces: ['profile'] });

    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you to add a passkey' });
    const password = within(dialog).getByLabelText(/Your current password/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm and add a passkey' }));
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();
    expect(fetched.calls.some((call) => call.url.endsWith('/registration-options'))).toBe(false);

    await userEvent.type(password, 'Wrong@1234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm and add a passkey' }));
    expect(await within(dialog).findByText('This password is not right. Check it and try again.')).toBeInTheDocument();
    expect(password).toHaveValue('Wrong@1234');
    expect(password).toHaveFocus();
    // Refused before the device made a key: none is left on it unregistered.
    const sent = fetched.calls.find((call) => call.url.endsWith('/api/auth/passkeys/registration-options'));
    expect(await sent?.json()).toEqual({ password: 'Wrong@1234' });
    expect(startRegistration).not.toHaveBeenCalled();
  });

  it('turns password sign-in off once there is a passkey, and keeps it off after a reset', async () => {
    startAuthentication.mockResolvedValue(ASSERTION);
    const fetched = mockFetch([
      {
        ...list([PASSKEY], false),
        body: { data: [PASSKEY], passwordSignIn: false, passwordSignInBackAt: '2026-12-01T10:00:00.000Z' },
      },
      { method: 'POST', path: '/api/auth/passkeys/confirmation-options', body: { data: OPTIONS } },
      {
        method: 'POST',
        path: '/api/auth/password-sign-in',
        body: { message: 'Password sign-in is off', passwordSignIn: false },
      },
    ]);
    restore = fetched.restore;
    await renderWithProviders(<PasskeysSection />, { namespaces: ['profile'] });

    expect(await screen.findByRole('checkbox', { name: /Password sign-in/ })).not.toBeChecked();
    expect(screen.getByText(/it will sign you in from 1 December 2026/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep password sign-in off' }));
    // The password no longer signs in: a passkey confirms it is the member.
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you to turn off password sign-in' });
    expect(within(dialog).queryByLabelText(/Your current password/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm and turn off' }));

    expect(await screen.findByRole('status')).toHaveTextContent('only your passkeys sign you in');
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    const sent = fetched.calls.find((call) => call.url.endsWith('/api/auth/password-sign-in'));
    expect(await sent?.json()).toEqual({ enabled: false, passkey: ASSERTION });
  });

  it('cannot turn password sign-in off without a passkey', async () => {
    restore = mockFetch([list([])]).restore;
    await renderWithProviders(<PasskeysSection />, { namespaces: ['profile'] });
    const password = await screen.findByRole('checkbox', { name: /Password sign-in/ });
    expect(password).toBeChecked();
    expect(password).toBeDisabled();
    expect(screen.getAllByText('Add a passkey before you turn off password sign-in.')).toHaveLength(1);
  });
});
