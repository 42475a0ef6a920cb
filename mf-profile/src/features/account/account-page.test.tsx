import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '@loyalty/shared/testing';
import type { AccountGeneral } from '@loyalty/shared/api';
import { tierLook } from '@loyalty/shared/ui';
import '../../routes';
import { AccountPage } from './account-page';
import { TEST_COUNTRIES } from '../../testing/fixtures';

jest.setTimeout(30_000);

const ACCOUNT: AccountGeneral = {
  id: 'mbr-1',
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  mobileNumber: '+33612345678',
  country: 'FR',
  preferredLanguage: 'fr',
  memberSince: '2025-03-01T10:00:00.000Z',
  tier: { level: 2, name: 'Silver', criterion: 'points', threshold: 1000 },
  plan: {
    plan: 'Loyalty Plus',
    price: { amount: 9.99, currency: 'EUR' },
    billing: 'monthly',
    taxesExtra: true,
    paymentSecurity: '128-bit SSL',
  },
};

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
});

const countryRoute = { method: 'GET', path: '/api/geo/country', body: { data: TEST_COUNTRIES } };

describe('AccountPage', () => {
  it('shows the member, the tier and the plan summary', async () => {
    restore = mockFetch([
      { method: 'GET', path: '/api/account/general', body: { data: ACCOUNT } },
      countryRoute,
    ]).restore;
    await renderWithProviders(<AccountPage />, { namespaces: ['profile'] });

    expect(screen.getByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('+33612345678')).toBeInTheDocument();
    // The preferred language is named in the language on screen, as the country is.
    expect(screen.getByText('French')).toBeInTheDocument();
    expect(await screen.findByText('France')).toBeInTheDocument();
    expect(screen.getByText('Silver tier')).toBeInTheDocument();
    // Silver in the one colour the membership card gives it too (`tierLook` in the shared UI).
    const silver = tierLook({ level: 2 });
    expect(screen.getByTestId('account-tier').style.background).toBe(silver.background);
    const sameColour = document.createElement('span');
    sameColour.style.color = silver.foreground;
    expect(screen.getByTestId('account-tier').style.color).toBe(sameColour.style.color);
    expect(screen.getByText('1 March 2025')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Membership plan' })).toBeInTheDocument();
    expect(screen.getByText('Loyalty Plus')).toBeInTheDocument();
    expect(screen.getByTestId('plan-price')).toHaveTextContent('€9.99 a month');
    expect(screen.getByText('Billed monthly')).toBeInTheDocument();
    expect(screen.getByText('Taxes extra')).toBeInTheDocument();
    expect(screen.getByText('Payments are protected by 128-bit SSL encryption.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/dashboard/user/edit-profile');
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/dashboard/user/change-password',
    );
  });

  it('says so when there is no tier yet', async () => {
    restore = mockFetch([
      { method: 'GET', path: '/api/account/general', body: { data: { ...ACCOUNT, tier: null } } },
      countryRoute,
    ]).restore;
    await renderWithProviders(<AccountPage />, { namespaces: ['profile'] });
    expect(await screen.findByText('No tier yet')).toBeInTheDocument();
  });

  it('offers Retry when the account cannot be loaded, and loads it again', async () => {
    const failing = mockFetch([
      { method: 'GET', path: '/api/account/general', status: 500, body: { message: 'down' } },
    ]);
    await renderWithProviders(<AccountPage />, { namespaces: ['profile'] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account could not be loaded.');

    failing.restore();
    restore = mockFetch([
      { method: 'GET', path: '/api/account/general', body: { data: ACCOUNT } },
      countryRoute,
    ]).restore;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
  });
});
