import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeToken, mockFetch, refusedByLimit, renderWithProviders } from '@loyalty/shared/testing';
import { sessionStore } from '@loyalty/shared/session';
import { LIMIT_TEXTS } from '@loyalty/shared/api/messages';
import '../../routes';
import { MyDataPage } from './my-data-page';
import { TEST_USER } from '../../testing/fixtures';

// The browser's passkey dialog: what `@simplewebauthn/browser` answers, or how it fails.
const startAuthentication = jest.fn();
jest.mock('@simplewebauthn/browser', () => ({
  startAuthentication: (...args: unknown[]) => startAuthentication(...args),
}));

jest.setTimeout(30_000);

let restore: (() => void) | undefined;
const saved: Array<{ name: string; text: string }> = [];
beforeEach(() => {
  sessionStorage.setItem('accessToken', fakeToken(Math.floor(Date.now() / 1000) + 3600));
  sessionStore.setState({ status: 'authenticated', user: TEST_USER, expired: false, signOutReason: null });
  saved.length = 0;
  // jsdom downloads nothing: the file handed to the browser is read back from its Blob.
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const reader = new FileReader();
      reader.onload = () => saved.push({ name: '', text: String(reader.result) });
      reader.readAsText(blob);
      return 'blob:test';
    },
    revokeObjectURL: () => undefined,
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, text: '' });
  });
});
afterEach(() => {
  restore?.();
  jest.restoreAllMocks();
  sessionStorage.clear();
});

const EXPORT = { exportedAt: '2026-11-28T10:00:00.000Z', profile: { email: 'member@example.com' }, transactions: [] };

describe('MyDataPage', () => {
  it('hands the member their data as one JSON file, and keeps the focus on the button', async () => {
    restore = mockFetch([{ method: 'GET', path: '/api/account/export', body: EXPORT }]).restore;
    await renderWithProviders(<MyDataPage />, { namespaces: ['profile'] });
    const button = screen.getByRole('button', { name: 'Download my data' });
    await userEvent.setup().click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('Your file has been downloaded.');
    expect(button).toHaveFocus();
    expect(saved.find((file) => file.name)?.name).toBe('loyalty-data-2026-11-28.json');
    await waitFor(() => expect(saved.some((file) => file.text)).toBe(true));
    expect(JSON.parse(saved.find((file) => file.text)!.text)).toEqual(EXPORT);
  });

  it('says so when the download fails', async () => {
    restore = mockFetch([{ method: 'GET', path: '/api/account/export', status: 500, body: { message: 'x' } }]).restore;
    await renderWithProviders(<MyDataPage />, { namespaces: ['profile'] });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your data could not be downloaded.');
  });

  it('says when to try again once the downloads of the hour are spent', async () => {
    restore = mockFetch([refusedByLimit('GET', '/api/account/export', 600, LIMIT_TEXTS.tooManyAttempts)]).restore;
    await renderWithProviders(<MyDataPage />, { namespaces: ['profile'] });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Too many attempts\. You can try again in 10 minutes\.$/,
    );
  });

  it('asks for the password before deleting, and keeps what was typed when it is wrong', async () => {
    const fetch = mockFetch([
      {
        method: 'POST',
        path: '/api/account/delete',
        status: 422,
        body: { message: 'Password is incorrect', errors: { password: 'Password is incorrect' } },
      },
    ]);
    restore = fetch.restore;
    await renderWithProviders(<MyDataPage />, { namespaces: ['profile'] });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Your password/)).toHaveFocus();
    expect(fetch.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Your password/), 'Wrong#Pass1');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your password is not correct.');
    expect(screen.getByLabelText(/^Your password/)).toHaveValue('Wrong#Pass1');
    expect(screen.getByLabelText(/^Your password/)).toHaveAttribute('aria-invalid', 'true');
    expect(sessionStore.getState().status).toBe('authenticated');
  });

  it('ends the session once the account is deleted', async () => {
    const fetch = mockFetch([
      { method: 'POST', path: '/api/account/delete', body: { message: 'Your account has been deleted' } },
    ]);
    restore = fetch.restore;
    await renderWithProviders(<MyDataPage />, { namespaces: ['profile'] });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Your password/), 'Sunny#Day42');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await screen.findByText('Your account has been deleted.');
    expect(await fetch.calls.find((call) => call.method === 'POST')!.json()).toEqual({ password: 'Sunny#Day42' });
    expect(sessionStore.getState()).toMatchObject({ status: 'unauthenticated', signOutReason: 'deleted' });
    expect(sessionStorage.getItem('accessToken')).toBeNull();
  });

  describe('with a passkey', () => {
    const OPTIONS = { challenge: 'Y2hhbGxlbmdl', allowCredentials: [{ id: 'cred-1', type: 'public-key' }] };
    const ASSERTION = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: { clientDataJSON: 'e30' } };
    const passkeyRoutes = (passwordSignIn: boolean) => [
      {
        method: 'GET',
        path: '/api/auth/passkeys',
        body: {
          data: [
            {
              id: 'cred-1',
              name: 'Chrome on Linux',
              createdAt: '2026-11-28T10:00:00.000Z',
              lastUsedAt: null,
              synced: true,
            },
          ],
          passwordSignIn,
        },
      },
      { method: 'POST', path: '/api/auth/passkeys/confirmation-options', body: { data: OPTIONS } },
      { method: 'POST', path: '/api/account/delete', body: { message: 'Your account has been deleted' } },
    ];

    it('deletes with the passkey alone while password sign-in is off', async () => {
      startAuthentication.mockResolvedValueOnce(ASSERTION);
      const fetch = mockFetch(passkeyRoutes(false));
      restore = fetch.restore;
      await renderWithProviders(<MyDataPage />, { namespaces: ['profile'] });
      const button = await screen.findByRole('button', { name: 'Delete with a passkey' });
      expect(screen.getByText(/Password sign-in is off for your account/)).toBeInTheDocument();
      expect(screen.queryByLabelText(/^Your password/)).not.toBeInTheDocument();

      await userEvent.setup().click(button);
      await screen.findByText('Your account has been deleted.');
      expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
      const deletion = fetch.calls.find((call) => new URL(call.url).pathname === '/api/account/delete')!;
      expect(await deletion.json()).toEqual({ passkey: ASSERTION });
      expect(sessionStore.getState()).toMatchObject({ status: 'unauthenticated', signOutReason: 'deleted' });
    });

    it('keeps the account and the session when the member closes the dialog, or the API refuses', async () => {
      startAuthentication.mockRejectedValueOnce(Object.assign(new Error('closed'), { name: 'NotAllowedError' }));
      const routes = passkeyRoutes(true);
      routes[2] = {
        method: 'POST',
        path: '/api/account/delete',
        status: 422,
        body: { message: 'This passkey could not confirm it is you. Please try again.' },
      } as (typeof routes)[number];
      const fetch = mockFetch(routes);
      restore = fetch.restore;
      await renderWithProviders(<MyDataPage />, { namespaces: ['profile'] });
      const user = userEvent.setup();
      const button = await screen.findByRole('button', { name: 'Delete with a passkey' });
      expect(screen.getByText('Or confirm with your password:')).toBeInTheDocument();
      await user.type(screen.getByLabelText(/^Your password/), 'Kept#Typed1');

      await user.click(button);
      expect(await screen.findByRole('alert')).toHaveTextContent('Your account was not deleted: the passkey request');
      expect(fetch.calls.some((call) => new URL(call.url).pathname === '/api/account/delete')).toBe(false);

      startAuthentication.mockResolvedValueOnce(ASSERTION);
      await user.click(button);
      expect(await screen.findByRole('alert')).toHaveTextContent('This passkey could not confirm it is you.');
      // The focus goes to the message, never to the page's body.
      expect(screen.getByRole('alert')).toHaveFocus();
      expect(screen.getByLabelText(/^Your password/)).toHaveValue('Kept#Typed1');
      expect(sessionStore.getState().status).toBe('authenticated');
    });
  });
});
