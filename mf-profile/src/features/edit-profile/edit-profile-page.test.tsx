import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders, type MockRoute } from '@loyalty/shared/testing';
import { sessionStore } from '@loyalty/shared/session';
import { setRuntimeConfig } from '@loyalty/shared/config';
import '../../routes';
import { EditProfilePage } from './edit-profile-page';
import { TEST_COUNTRIES, TEST_USER } from '../../testing/fixtures';

const geoRoutes: MockRoute[] = [
  { method: 'GET', path: '/api/geo/country', body: { data: TEST_COUNTRIES } },
  { method: 'GET', path: '/api/geo/state', body: { data: [{ code: 'IDF', name: 'Île-de-France', country: 'FR' }] } },
  { method: 'GET', path: '/api/geo/city', body: { data: [{ name: 'Paris', state: 'IDF', country: 'FR' }] } },
];

function signInAs(user = TEST_USER) {
  sessionStore.setState({ status: 'authenticated', user, expired: false });
}

async function renderPage(routes: MockRoute[]) {
  const fetch = mockFetch([...routes, ...geoRoutes]);
  await renderWithProviders(<EditProfilePage />, { namespaces: ['profile'] });
  await screen.findByLabelText(/first name/i);
  return fetch;
}

// jsdom renders a 250-option form slowly on a shared CI machine.
jest.setTimeout(30_000);

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  setRuntimeConfig({ DEFAULT_COUNTRY: undefined });
});

describe('EditProfilePage', () => {
  it('opens with the stored profile, the phone split by the longest dial code, and the e-mail read-only', async () => {
    signInAs();
    restore = (await renderPage([])).restore;

    expect(screen.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeInTheDocument();
    expect(screen.getByLabelText(/first name/i)).toHaveValue('Ada');
    expect(screen.getByLabelText(/last name/i)).toHaveValue('Lovelace');
    const email = screen.getByLabelText(/e-mail \(cannot be changed\)/i);
    expect(email).toHaveValue('ada@example.com');
    expect(email).toHaveAttribute('readonly');
    // +1 268 555 1234 is Antigua (1-268), not the United States (1).
    expect(screen.getByLabelText(/country code/i)).toHaveValue('AG');
    expect(screen.getByLabelText(/phone number/i)).toHaveValue('5551234');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('FR');
    // Suggested countries first.
    const dialOptions = within(screen.getByLabelText(/country code/i)).getAllByRole('option');
    expect(dialOptions.map((option) => option.textContent)).toEqual([
      'France (+33)',
      'Germany (+49)',
      'United States (+1)',
      'Antigua & Barbuda (+1-268)',
      'India (+91)',
    ]);
  });

  it('falls back to the configured country, else India, when the stored number has no known code', async () => {
    signInAs({ ...TEST_USER, MobileNumber: '+999123456' });
    restore = (await renderPage([])).restore;
    expect(screen.getByLabelText(/country code/i)).toHaveValue('IN');
  });

  it('uses DEFAULT_COUNTRY from the runtime configuration', async () => {
    setRuntimeConfig({ DEFAULT_COUNTRY: 'DE' });
    signInAs({ ...TEST_USER, MobileNumber: '' });
    restore = (await renderPage([])).restore;
    expect(screen.getByLabelText(/country code/i)).toHaveValue('DE');
  });

  it('sends the payload of docs/product/api.md, updates the session and confirms', async () => {
    signInAs();
    const updated = { ...TEST_USER, firstname: 'Grace', FullName: 'Grace Lovelace', MobileNumber: '+33612345678' };
    const fetch = await renderPage([
      {
        method: 'POST',
        path: '/api/auth/update-profile',
        body: { success: true, message: 'Profile Updated Successfully', data: updated },
      },
    ]);
    restore = fetch.restore;
    const user = userEvent.setup();

    await user.clear(screen.getByLabelText(/first name/i));
    await user.type(screen.getByLabelText(/first name/i), 'Grace');
    await user.selectOptions(screen.getByLabelText(/country code/i), 'FR');
    await user.clear(screen.getByLabelText(/phone number/i));
    await user.type(screen.getByLabelText(/phone number/i), '612345678');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile Updated Successfully')).toBeInTheDocument();
    const request = fetch.calls.find((call) => call.url.endsWith('/api/auth/update-profile'))!;
    expect(await request.json()).toEqual({
      firstname: 'Grace',
      lastname: 'Lovelace',
      email: 'ada@example.com',
      phoneNumber: { code: 'FR', phoneCode: '33', number: '612345678' },
      preferred_language: 'en',
      country: 'FR',
      id: 'mbr-1',
    });
    expect(sessionStore.getState().user?.FullName).toBe('Grace Lovelace');
  });

  it('shows the rules, focuses the first invalid field and sends nothing', async () => {
    signInAs();
    const fetch = await renderPage([]);
    restore = fetch.restore;
    const user = userEvent.setup();

    await user.clear(screen.getByLabelText(/first name/i));
    await user.clear(screen.getByLabelText(/last name/i));
    await user.type(screen.getByLabelText(/last name/i), 'Abcdefghijklmnop');
    await user.clear(screen.getByLabelText(/phone number/i));
    await user.type(screen.getByLabelText(/phone number/i), '12a');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('First name required')).toBeInTheDocument();
    expect(screen.getByText('Last name must be at most 15 characters')).toBeInTheDocument();
    expect(screen.getByText('Phone number must contain digits only')).toBeInTheDocument();
    expect(screen.getByLabelText(/first name/i)).toHaveFocus();
    expect(screen.getByLabelText(/first name/i)).toHaveAttribute('aria-invalid', 'true');
    expect(fetch.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(screen.getByLabelText(/phone number/i));
    await user.type(screen.getByLabelText(/phone number/i), '123');
    expect(await screen.findByText('Phone number must be at least 4 digits')).toBeInTheDocument();
  });

  it('keeps the edits after a failed save and shows the server’s text', async () => {
    signInAs();
    restore = (
      await renderPage([
        {
          method: 'POST',
          path: '/api/auth/update-profile',
          status: 422,
          body: { message: 'Failed to update member Profile.', errors: { country: 'Unknown country' } },
        },
      ])
    ).restore;
    const user = userEvent.setup();

    await user.clear(screen.getByLabelText(/first name/i));
    await user.type(screen.getByLabelText(/first name/i), 'Grace');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update member Profile.');
    expect(screen.getByText('Unknown country')).toBeInTheDocument();
    expect(screen.getByLabelText(/first name/i)).toHaveValue('Grace');
    expect(sessionStore.getState().user?.firstname).toBe('Ada');
  });

  it('lists states and cities of the chosen country, and says when there are none', async () => {
    signInAs();
    const fetch = await renderPage([]);
    restore = fetch.restore;
    const user = userEvent.setup();

    const state = screen.getByLabelText(/state or region/i);
    await waitFor(() => expect(state).toBeEnabled());
    await user.selectOptions(state, 'IDF');
    const city = screen.getByLabelText(/^city/i);
    await waitFor(() => expect(city).toBeEnabled());
    expect(within(city).getByRole('option', { name: 'Paris' })).toBeInTheDocument();

    fetch.restore();
    restore = mockFetch([
      { method: 'GET', path: '/api/geo/state', body: { data: [] } },
      { method: 'GET', path: '/api/geo/city', body: { data: [] } },
    ]).restore;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'IN');
    expect(await screen.findByText('No states or regions are listed for this country.')).toBeInTheDocument();
    expect(screen.getByLabelText(/state or region/i)).toBeDisabled();
    expect(screen.getByLabelText(/^city/i)).toBeDisabled();
  });

  it('offers Retry when the countries cannot be loaded', async () => {
    signInAs();
    const fetch = mockFetch([{ method: 'GET', path: '/api/geo/country', status: 500, body: { message: 'down' } }]);
    await renderWithProviders(<EditProfilePage />, { namespaces: ['profile'] });
    expect(await screen.findByRole('alert')).toHaveTextContent('The profile form could not be loaded.');
    fetch.restore();
    restore = mockFetch(geoRoutes).restore;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText(/first name/i)).toHaveValue('Ada');
  });
});
