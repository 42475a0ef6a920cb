import { screen } from '@testing-library/react';
import { registerNamespace } from '@loyalty/shared/i18n';
import { renderWithProviders } from '@loyalty/shared/testing';
import { HomeLink } from './home-link';

registerNamespace('shell', (language) => import(`../locales/${language}.json`));

describe('HomeLink', () => {
  it('is named by the programme name it shows, then by where it leads (label in name)', async () => {
    await renderWithProviders(<HomeLink to="/dashboard" />, { namespaces: ['shell'] });
    const link = screen.getByRole('link', { name: 'Loyalty Rewards Go to the home page' });
    expect(link).toHaveAttribute('href', '/dashboard');
  });

  it('with the mark alone, says where it leads', async () => {
    await renderWithProviders(<HomeLink to="/" logo="mark" />, { namespaces: ['shell'] });
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
