import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setRuntimeConfig } from '@loyalty/shared/config';
import { mockFetch, renderWithProviders } from '@loyalty/shared/testing';
import '../../routes';
import { CommunicationPage } from './communication-page';

const plan = {
  plan: 'Loyalty Plus',
  price: { amount: 9.99, currency: 'EUR' },
  billing: 'monthly',
  taxesExtra: true,
  paymentSecurity: '128-bit SSL',
};
const workspace = {
  emailNotifications: true,
  smsNotifications: false,
  newsletter: true,
  timezone: 'Europe/Paris',
  plan,
};

jest.setTimeout(30_000);

// jsdom has no PointerEvent; the switch's machine makes one when its input is clicked.
beforeAll(() => {
  window.PointerEvent ??= class extends MouseEvent {} as unknown as typeof PointerEvent;
});

describe('CommunicationPage', () => {
  beforeEach(() => setRuntimeConfig({ HOST_API: 'http://api.test' }));

  it('shows each channel as saved, and saves the choices made', async () => {
    const network = mockFetch([
      { method: 'GET', path: '/api/account/workspace', body: { data: workspace } },
      {
        method: 'POST',
        path: '/api/account/workspace/update',
        body: { message: 'ok', data: { ...workspace, smsNotifications: true, newsletter: false } },
      },
    ]);
    await renderWithProviders(<CommunicationPage />, { namespaces: ['profile'] });
    const sms = await screen.findByRole('checkbox', { name: 'Text messages' });
    expect(screen.getByRole('checkbox', { name: 'E-mail about your points' })).toBeChecked();
    expect(sms).not.toBeChecked();
    const user = userEvent.setup();
    await user.click(sms);
    await user.click(screen.getByRole('checkbox', { name: 'Newsletter' }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your preferences are saved.');
    const update = network.calls.find((call) => call.method === 'POST')!;
    expect(await update.json()).toEqual({ emailNotifications: true, smsNotifications: true, newsletter: false });
    network.restore();
  });

  it('keeps the choices when the save fails, and says so', async () => {
    const network = mockFetch([
      { method: 'GET', path: '/api/account/workspace', body: { data: workspace } },
      { method: 'POST', path: '/api/account/workspace/update', status: 503, body: {} },
    ]);
    await renderWithProviders(<CommunicationPage />, { namespaces: ['profile'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Text messages' }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your preferences could not be saved.');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Text messages' })).toBeChecked());
    network.restore();
  });
});
