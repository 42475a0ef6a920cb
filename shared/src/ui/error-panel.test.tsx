import { screen } from '@testing-library/react';
import { renderWithProviders } from '@loyalty/shared/testing';
import { ErrorPanel } from './error-panel';

describe('ErrorPanel', () => {
  it('titles a failed page with an h2, the level under the page’s h1', async () => {
    await renderWithProviders(<ErrorPanel title="Your account could not be loaded." />);
    const panel = screen.getByRole('alert');
    expect(screen.getByRole('heading', { level: 2, name: 'Your account could not be loaded.' })).toBeVisible();
    expect(panel).toContainElement(screen.getByRole('heading', { level: 2 }));
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
  });

  it('titles a failed section one level below the section’s own heading', async () => {
    await renderWithProviders(
      <section aria-labelledby="pending">
        <h2 id="pending">Pending points</h2>
        <ErrorPanel title="Pending points could not be loaded." headingLevel={3} />
        <h3>Vouchers</h3>
        <ErrorPanel title="Vouchers could not be loaded." headingLevel={4} />
      </section>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Pending points could not be loaded.' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 4, name: 'Vouchers could not be loaded.' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1);
  });

  it('says how to try again when it can, politely when it is news rather than a failure', async () => {
    const onRetry = jest.fn();
    await renderWithProviders(<ErrorPanel role="status" title="Still on its way" onRetry={onRetry} />);
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('Still on its way');
  });
});
