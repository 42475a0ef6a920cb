import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '@loyalty/shared/testing';
import { notify } from './toaster';

describe('the toast region', () => {
  it('is not on the page until the first toast, then shows it and the ones after it', async () => {
    await renderWithProviders(<p>page</p>);
    expect(screen.queryByRole('region', { name: /notifications/i })).not.toBeInTheDocument();

    act(() => notify('Profile saved'));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /notifications/i })).toBeInTheDocument();

    act(() => notify('Points claimed', 'info'));
    expect(await screen.findByText('Points claimed')).toBeInTheDocument();
  });
});
