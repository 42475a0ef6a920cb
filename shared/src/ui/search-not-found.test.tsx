import { screen } from '@testing-library/react';
import { renderWithProviders } from '@loyalty/shared/testing';
import { SearchNotFound } from './search-not-found';

describe('SearchNotFound', () => {
  it('asks for keywords when there is no query', async () => {
    await renderWithProviders(<SearchNotFound query="   " />);
    expect(await screen.findByRole('status')).toHaveTextContent('Please enter keywords');
  });

  it('names the query and suggests checking it', async () => {
    await renderWithProviders(<SearchNotFound query="TXN-42" />);
    const panel = await screen.findByRole('status');
    expect(panel).toHaveTextContent('Not Found');
    expect(panel).toHaveTextContent('No results found for "TXN-42".');
    expect(panel).toHaveTextContent('Try checking for typos or using complete words.');
  });
});
