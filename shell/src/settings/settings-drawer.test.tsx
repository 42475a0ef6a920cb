import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerNamespace } from '@loyalty/shared/i18n';
import { renderWithProviders } from '@loyalty/shared/testing';
import { SettingsDrawer } from './settings-drawer';
import { SETTINGS_DRAWER_ID } from './settings-drawer-id';
import { QA_VIEW_STORAGE_KEY } from './qa-view';

registerNamespace('shell', (language) => import(`../locales/${language}.json`));

/** The drawer as the header opens it: a button outside the drawer, the open state in the page. */
function WithOpener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" aria-controls={SETTINGS_DRAWER_ID} onClick={() => setOpen(true)}>
        Open settings
      </button>
      <SettingsDrawer open={open} onOpenChange={setOpen} />
    </>
  );
}

// jsdom has no media queries; the drawer asks one (stretch is offered only on wide screens).
beforeAll(() => {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
});

describe('SettingsDrawer', () => {
  it('is the element the opener controls, and a modal dialog named Settings', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<WithOpener />, { namespaces: ['shell'] });
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Settings' });
    expect(drawer).toHaveAttribute('id', SETTINGS_DRAWER_ID);
    expect(drawer).toHaveAttribute('aria-modal', 'true');
  });

  it('closes on Escape and gives focus back to its opener', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<WithOpener />, { namespaces: ['shell'] });
    const opener = screen.getByRole('button', { name: 'Open settings' });
    await user.click(opener);
    const drawer = await screen.findByRole('dialog', { name: 'Settings' });
    await waitFor(() => expect(drawer).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('shows members no build internals', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<WithOpener />, { namespaces: ['shell'] });
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    await screen.findByRole('dialog', { name: 'Settings' });
    expect(screen.queryByRole('heading', { name: 'About' })).not.toBeInTheDocument();
    expect(screen.queryByText('shell')).not.toBeInTheDocument();
  });

  it('shows QA the running versions', async () => {
    localStorage.setItem(QA_VIEW_STORAGE_KEY, '1');
    const user = userEvent.setup();
    await renderWithProviders(<WithOpener />, { namespaces: ['shell'] });
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    expect(await screen.findByRole('heading', { name: 'About' })).toBeVisible();
    expect(screen.getByText('shell')).toBeInTheDocument();
    localStorage.clear();
  });
});
