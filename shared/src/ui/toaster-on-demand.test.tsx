import { act, screen, waitFor } from '@testing-library/react';
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

describe('the toaster chunk', () => {
  // A phone that loses the network while fetching the toaster's chunk loses that toast, and says
  // so in the console; the next toast fetches the chunk again.
  it('logs a toast it could not fetch the toaster for, and fetches it again for the next', async () => {
    let fetches = 0;
    jest.doMock('./toaster-region', () => {
      fetches += 1;
      if (fetches === 1) throw new Error('Loading chunk toaster failed');
      return jest.requireActual('./toaster-region');
    });
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await jest.isolateModulesAsync(async () => {
      const { notify: isolatedNotify, loadToasterRegion } = await import('./toaster');
      isolatedNotify('Lost on the way');
      await waitFor(() =>
        expect(logged).toHaveBeenCalledWith('The toast "Lost on the way" could not be shown', expect.any(Error)),
      );

      isolatedNotify('Profile saved');
      const { toaster } = await loadToasterRegion();
      await waitFor(() => expect(toaster.isVisible('success:Profile saved')).toBe(true));
      expect(toaster.isVisible('success:Lost on the way')).toBe(false);
      expect(fetches).toBe(2);
    });
    logged.mockRestore();
    jest.dontMock('./toaster-region');
  });
});
