import { screen } from '@testing-library/react';
import { renderWithProviders } from '@loyalty/shared/testing';
import { AppProviders } from './app-providers';
import { PageHeading } from './page-heading';

describe('PageHeading', () => {
  it('is the page’s h1 and names the browser tab after it, then the portal', async () => {
    const { rerender } = await renderWithProviders(<PageHeading>Transactions</PageHeading>);
    expect(screen.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
    expect(document.title).toBe('Transactions · Loyalty Rewards');
    // A new language (or page) renames the tab with the heading.
    rerender(
      <AppProviders>
        <PageHeading>Transaktionen</PageHeading>
      </AppProviders>,
    );
    expect(document.title).toBe('Transaktionen · Loyalty Rewards');
  });

  it('names the tab without the isolates that order the heading on screen', async () => {
    await renderWithProviders(<PageHeading>{'\u2068Transactions?\u2069'}</PageHeading>);
    expect(document.title).toBe('Transactions? · Loyalty Rewards');
  });
});
