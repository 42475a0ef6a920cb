import { act, screen } from '@testing-library/react';
import { registerNamespace } from '@loyalty/shared/i18n';
import { PENDING_SIGN_OUTS_KEY, sessionStore } from '@loyalty/shared/session';
import { renderWithProviders } from '@loyalty/shared/testing';
import { SignedOutNotice } from './signed-out-notice';

registerNamespace('shell', (language) => import(`../locales/${language}.json`));

const WAITING = [{ key: 'session.1.mac', until: Date.now() + 600_000 }];

describe('the notice of a sign-out the server has not heard yet (decision 078)', () => {
  beforeEach(() => localStorage.removeItem(PENDING_SIGN_OUTS_KEY));

  it('says the member is signed out here, then that the server ended the sign-in once the key has gone', async () => {
    localStorage.setItem(PENDING_SIGN_OUTS_KEY, JSON.stringify(WAITING));
    sessionStore.setState({ status: 'unauthenticated', user: null, expired: false, signOutReason: 'logout-pending' });
    await renderWithProviders(<SignedOutNotice />, { namespaces: ['shell'] });
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('You are signed out on this device, and nothing of yours is kept on it.');
    expect(notice).toHaveTextContent('it will be ended as soon as this device is back online');

    // The key went from another tab: its storage event tells this one.
    act(() => {
      localStorage.removeItem(PENDING_SIGN_OUTS_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: PENDING_SIGN_OUTS_KEY }));
    });
    expect(notice).toHaveTextContent('Your sign-in has now been ended on the server too.');
  });

  it('says nothing after a sign-out the server heard, or with no sign-out at all', async () => {
    localStorage.setItem(PENDING_SIGN_OUTS_KEY, JSON.stringify(WAITING));
    for (const signOutReason of ['logout', null] as const) {
      sessionStore.setState({ status: 'unauthenticated', user: null, expired: false, signOutReason });
      const { unmount } = await renderWithProviders(<SignedOutNotice />, { namespaces: ['shell'] });
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      unmount();
    }
  });
});
