import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerNamespace } from '@loyalty/shared/i18n';
import { sessionStore } from '@loyalty/shared/session';
import { renderWithProviders, TEST_USER } from '@loyalty/shared/testing';
import { registerMenuTexts } from '../../navigation/menu-texts';
import { AccountMenu } from './account-menu';
import type * as AccountMenuPopupModule from './account-menu-popup';

registerNamespace('shell', (language) => import(`../../locales/${language}.json`));
registerMenuTexts();

// The menu's module as the browser fetches it: while `mockFetchFails` is set, every fetch fails.
let mockFetchFails = false;
jest.mock('./account-menu-popup', () => {
  const actual = jest.requireActual<typeof AccountMenuPopupModule>('./account-menu-popup');
  return {
    __esModule: true,
    get AccountMenuPopup() {
      if (mockFetchFails) throw new Error('Loading chunk account-menu-popup failed.');
      return actual.AccountMenuPopup;
    },
  };
});

const BUTTON = { name: 'Account menu of Ada Lovelace' };

beforeEach(() => {
  mockFetchFails = false;
  sessionStore.setState({ status: 'authenticated', user: TEST_USER, expired: false });
});

describe('the account menu', () => {
  it('is the button alone until pressed; the first press loads the menu and opens it', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<AccountMenu />, { namespaces: ['shell'] });
    const button = screen.getByRole('button', BUTTON);
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(button);

    const menu = await screen.findByRole('menu');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Edit profile',
      'Change password',
      'Logout',
    ]);
    expect(menu).toHaveTextContent('ada@example.com');
    expect(screen.getByRole('button', BUTTON)).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(menu).toHaveFocus());
  });

  it('is named by its text, which holds what it shows: the name and, before it, the initials', async () => {
    await renderWithProviders(<AccountMenu />, { namespaces: ['shell'] });
    const button = screen.getByRole('button', BUTTON);
    // WCAG 2.5.3 (label in name): an aria-label would hide the visible text from the name.
    expect(button).not.toHaveAttribute('aria-label');
    expect(button).toHaveTextContent(/^AL.*Ada Lovelace$/);
    expect(screen.getByTestId('top-bar-full-name')).toHaveAttribute('aria-hidden', 'true');
  });

  it('opened with the arrow key, lands on the first item; Escape closes it and focus returns to the button', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<AccountMenu />, { namespaces: ['shell'] });
    screen.getByRole('button', BUTTON).focus();

    await user.keyboard('{ArrowDown}');

    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu).toHaveAttribute('aria-activedescendant', expect.stringContaining('edit-profile')));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    // The menu gives focus back once its closing has run its course (frames and timers): on a
    // loaded machine that took longer than waitFor's default second.
    await waitFor(() => expect(screen.getByRole('button', BUTTON)).toHaveFocus(), { timeout: 5_000 });
  });

  it('closed, takes back a focus lost to the page for a moment after, and leaves one the member moved', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<AccountMenu />, { namespaces: ['shell'] });
    screen.getByRole('button', BUTTON).focus();
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('menu');
    // The watch lasts a moment from the close (FOCUS_WATCH_MS, on the page's clock). A loaded
    // machine can take longer than that between the close and the blur below, so the page's clock
    // stands still until then: "a moment after" is the component's to measure, not the machine's.
    const clock = jest.spyOn(performance, 'now').mockReturnValue(performance.now());
    await user.keyboard('{Escape}');
    const button = screen.getByRole('button', BUTTON);
    await waitFor(() => expect(button).toHaveFocus(), { timeout: 5_000 });

    // What the keyboard journey met now and then: the focus dropped to the body as the menu closed.
    button.blur();
    expect(document.body).toHaveFocus();
    await waitFor(() => expect(button).toHaveFocus());
    clock.mockRestore();

    // A focus the member moved elsewhere stays there.
    const elsewhere = document.body.appendChild(document.createElement('button'));
    elsewhere.focus();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(elsewhere).toHaveFocus();
    elsewhere.remove();
  });

  it('when its code cannot be fetched, keeps the button, says so, and fetches it again on the next press', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetchFails = true;
    await renderWithProviders(<AccountMenu />, { namespaces: ['shell'] });

    await user.click(screen.getByRole('button', BUTTON));

    expect(await screen.findByText('The menu could not open. Check your connection and try again.')).toBeVisible();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', BUTTON)).not.toHaveAttribute('aria-busy');

    mockFetchFails = false;
    await user.click(screen.getByRole('button', BUTTON));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });
});
