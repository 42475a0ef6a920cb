import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setRuntimeConfig } from '@loyalty/shared/config';
import { i18n } from '@loyalty/shared/i18n';
import { QueryObserver } from '@tanstack/react-query';
import { balanceQueryOptions } from '@loyalty/shared/api';
import { queryClient } from '@loyalty/shared/api/query-client';
import { CLAIM_TEXTS } from '@loyalty/shared/api/messages';
import { mockFetch, renderWithProviders, type MockRoute, whileTheShellTells } from '@loyalty/shared/testing';
import { CodeNotLoadedError, http } from '@loyalty/shared/http';
import '../../routes';
import { ClaimPointsForm } from './claim-form';

const transaction = {
  id: 't-1',
  transactionNumber: 'TXN-000010',
  date: '2026-11-22T10:00:00.000Z',
  type: 'credit_pending',
  points: 300,
  bookingId: 'BK-2001',
  availableOn: '2030-06-06',
  description: 'Booking BK-2001',
};
const refreshRoutes: MockRoute[] = [
  {
    method: 'GET',
    path: '/api/auth/fetch-tiers',
    body: {
      data: {
        tiers: [{ level: 1, name: 'Bronze', criterion: 'points', threshold: 0 }],
        current: { level: 1, name: 'Bronze', criterion: 'points', threshold: 0 },
        next: null,
        progress: { value: 0, target: 0, state: 'all_unlocked' },
      },
    },
  },
  {
    method: 'GET',
    path: '/api/user/points/balance',
    body: { data: { pointBalance: 0, pointsPending: 300, totalClaimed: 300 } },
  },
  { method: 'GET', path: '/api/user/points/pending', body: { data: [] } },
  { method: 'GET', path: '/api/user/transactions/all', body: { data: [], total: 0, page: 1, pageSize: 5 } },
];

async function fillAndSubmit(bookingId: string, bookingDate: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Booking ID/), bookingId);
  await user.type(screen.getByLabelText(/Booking date/), bookingDate);
  await user.click(screen.getByRole('button', { name: 'Claim points' }));
}

// Typing through user-event is slow on a busy machine; the default 5 s is not enough there.
jest.setTimeout(30_000);

describe('ClaimPointsForm', () => {
  beforeEach(() => {
    setRuntimeConfig({ HOST_API: 'http://api.test' });
    queryClient.clear();
  });

  it('refuses an empty form, says why under each field and focuses the first one', async () => {
    const network = mockFetch([]);
    await renderWithProviders(<ClaimPointsForm />, { namespaces: ['points'] });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Claim points' }));
    expect(await screen.findByText('Booking ID is required')).toBeVisible();
    expect(screen.getByText('Booking date is required')).toBeVisible();
    expect(screen.getByLabelText(/Booking ID/)).toHaveFocus();
    expect(screen.getByLabelText(/Booking ID/)).toHaveAttribute('aria-invalid', 'true');
    // Read with the field by every screen reader, not only those that follow aria-errormessage.
    expect(screen.getByLabelText(/Booking ID/)).toHaveAccessibleDescription(/^Booking ID is required/);
    expect(screen.getByLabelText(/Booking date/)).toHaveAccessibleDescription(/^Booking date is required/);
    expect(network.calls).toHaveLength(0);
    network.restore();
  });

  it('claims, shows the success text of docs/product/points.md and refreshes the shared pending figure', async () => {
    const network = mockFetch([
      { method: 'POST', path: '/api/user/points/claim', status: 201, body: { message: 'ok', data: transaction } },
      ...refreshRoutes,
    ]);
    await renderWithProviders(<ClaimPointsForm />, { namespaces: ['points'] });
    // The figure as a page shows it before the claim (the top bar's balance, watching its query).
    queryClient.setQueryData(balanceQueryOptions().queryKey, {
      pointBalance: 0,
      pointsPending: 0,
      totalClaimed: 0,
      nextExpiry: null,
    });
    const topBar = new QueryObserver(queryClient, balanceQueryOptions());
    const stopWatching = topBar.subscribe(() => undefined);
    await fillAndSubmit('bk-2001', '2030-06-01');
    const outcome = await screen.findByRole('status');
    expect(outcome).toHaveTextContent(
      'Claim has been successful. Please note that the points will be reflected in your balance after processing is completed.',
    );
    // The facts beside the text, and the focus on the outcome.
    expect(outcome).toHaveTextContent('300 points for booking \u2068BK-2001\u2069');
    expect(outcome).toHaveTextContent('Available to spend on 6 June 2030');
    await waitFor(() => expect(outcome).toHaveFocus());
    const claim = network.calls.find((call) => call.url.endsWith('/api/user/points/claim'))!;
    expect(await claim.json()).toEqual({ bookingId: 'BK-2001', bookingDate: '2030-06-01' });
    await waitFor(() => expect(queryClient.getQueryData(balanceQueryOptions().queryKey)?.pointsPending).toBe(300));
    stopWatching();
    network.restore();
  });

  it('claims an id pasted from right-to-left text, without the invisible marks that came with it', async () => {
    const network = mockFetch([
      { method: 'POST', path: '/api/user/points/claim', status: 201, body: { message: 'ok', data: transaction } },
      ...refreshRoutes,
    ]);
    await renderWithProviders(<ClaimPointsForm />, { namespaces: ['points'] });
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(/Booking ID/));
    await user.paste('\u2068BK-2001\u2069');
    await user.type(screen.getByLabelText(/Booking date/), '2030-06-01');
    await user.click(screen.getByRole('button', { name: 'Claim points' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Claim has been successful.');
    const claim = network.calls.find((call) => call.url.endsWith('/api/user/points/claim'))!;
    expect(await claim.json()).toEqual({ bookingId: 'BK-2001', bookingDate: '2030-06-01' });
    network.restore();
  });

  it.each([
    [404, 'Invalid Booking ID - The provided booking id is invalid or does not exist'],
    [409, 'This transaction has already been claimed'],
  ])('answers %s with the text of docs/product/points.md and keeps what was typed', async (status, text) => {
    const network = mockFetch([
      { method: 'POST', path: '/api/user/points/claim', status, body: { message: 'server words' } },
    ]);
    await renderWithProviders(<ClaimPointsForm />, { namespaces: ['points'] });
    await fillAndSubmit('BK-9999', '2030-06-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText(/Booking ID/)).toHaveValue('BK-9999');
    expect(screen.getByLabelText(/Booking date/)).toHaveValue('2030-06-01');
    network.restore();
  });

  it("reads the chosen day back in the member's language, whatever format the browser shows", async () => {
    await renderWithProviders(<ClaimPointsForm />, { namespaces: ['points'] });
    const field = screen.getByLabelText(/Booking date/);
    const window = 'A stay can be claimed up to 180 days after its check-out. How claims work';
    expect(field).toHaveAccessibleDescription(`The day the booking starts. ${window}`);
    await userEvent.setup().type(field, '2030-03-04');
    expect(field).toHaveAccessibleDescription(`The day the booking starts: Monday, 4 March 2030. ${window}`);
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByLabelText(/Date de réservation/)).toHaveAccessibleDescription(
      'Le jour où la réservation commence : lundi 4 mars 2030. ' +
        "Un séjour peut être réclamé jusqu'à 180 jours après son départ. Comment fonctionnent les réclamations",
    );
  });

  it('shows its claim window under the date field, with the way to the rules in the help', async () => {
    await renderWithProviders(<ClaimPointsForm />, { namespaces: ['points'] });
    expect(screen.getByLabelText(/Booking date/)).toHaveAccessibleDescription(
      /A stay can be claimed up to 180 days after its check-out\./,
    );
    expect(screen.getByRole('link', { name: 'How claims work' })).toHaveAttribute(
      'href',
      '/dashboard/help#help-claims',
    );
  });

  it("says a stay past its claim window in the member's language, keeping what was typed", async () => {
    const network = mockFetch([
      { method: 'POST', path: '/api/user/points/claim', status: 422, body: { message: CLAIM_TEXTS.windowClosed } },
    ]);
    await renderWithProviders(<ClaimPointsForm />, { namespaces: ['points'] });
    await act(() => i18n.changeLanguage('es'));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Identificador de reserva/), 'BK-1001');
    await user.type(screen.getByLabelText(/Fecha de la reserva/), '2025-03-01');
    await user.click(screen.getByRole('button', { name: 'Reclamar puntos' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Esta estancia terminó hace más de 180 días: sus puntos ya no pueden reclamarse.',
    );
    expect(screen.getByLabelText(/Identificador de reserva/)).toHaveValue('BK-1001');
    network.restore();
  });

  it("says a failure without the server's words in the member's language, keeping what was typed", async () => {
    const network = mockFetch([{ method: 'POST', path: '/api/user/points/claim', status: 503, body: {} }]);
    await renderWithProviders(<ClaimPointsForm />, { namespaces: ['points'] });
    await act(() => i18n.changeLanguage('de'));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Buchungsnummer/), 'BK-2001');
    await user.type(screen.getByLabelText(/Buchungsdatum/), '2030-06-01');
    await user.click(screen.getByRole('button', { name: 'Punkte anfordern' }));
    // Not the English generic text the HTTP client carries.
    expect(await screen.findByRole('alert')).toHaveTextContent('Etwas ist schiefgelaufen');
    expect(screen.getByLabelText(/Buchungsnummer/)).toHaveValue('BK-2001');
    network.restore();
  });
});

describe('ClaimPointsForm filled by a link', () => {
  beforeEach(() => setRuntimeConfig({ HOST_API: 'http://api.test' }));

  it('takes the booking id and date of a stay whose points are missing, and the member can change them', async () => {
    await renderWithProviders(<ClaimPointsForm />, {
      route: '/dashboard/claim?bookingId=BK-0006&bookingDate=2026-11-09',
      namespaces: ['points'],
    });
    expect(screen.getByLabelText(/Booking ID/)).toHaveValue('BK-0006');
    expect(screen.getByLabelText(/Booking date/)).toHaveValue('2026-11-09');
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(/Booking ID/));
    await user.type(screen.getByLabelText(/Booking ID/), 'BK-0007');
    expect(screen.getByLabelText(/Booking ID/)).toHaveValue('BK-0007');
  });

  it('leaves out what the form would refuse', async () => {
    await renderWithProviders(<ClaimPointsForm />, {
      route: '/dashboard/claim?bookingId=%3Cscript%3E&bookingDate=2026-02-30',
      namespaces: ['points'],
    });
    expect(screen.getByLabelText(/Booking ID/)).toHaveValue('');
    expect(screen.getByLabelText(/Booking date/)).toHaveValue('');
  });
});

describe("ClaimPointsForm when a file of the page's build did not load (a release took it away)", () => {
  let post: jest.SpyInstance;
  beforeEach(() => {
    setRuntimeConfig({ HOST_API: 'http://api.test' });
    queryClient.clear();
    post = jest.spyOn(http, 'post').mockRejectedValue(new CodeNotLoadedError());
  });
  afterEach(() => post.mockRestore());

  async function claimWithoutTheHttpClient() {
    await renderWithProviders(<ClaimPointsForm />, { namespaces: ['points'] });
    await fillAndSubmit('BK-2001', '2030-06-01');
    await waitFor(() => expect(post).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Claim points' })).toBeEnabled());
  }

  it('hands it to the shell that tells of it, shows no message of its own and keeps what was typed', async () => {
    const takesOver = await whileTheShellTells(claimWithoutTheHttpClient);
    expect(takesOver).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/something went wrong/i)).toBeNull();
    expect(screen.getByLabelText(/Booking ID/)).toHaveValue('BK-2001');
    expect(screen.getByLabelText(/Booking date/)).toHaveValue('2030-06-01');
  });

  it('says something went wrong where nothing tells of it (no worker)', async () => {
    await claimWithoutTheHttpClient();
    expect(await screen.findByRole('alert')).toHaveTextContent(/something went wrong/i);
    expect(screen.getByLabelText(/Booking ID/)).toHaveValue('BK-2001');
  });
});
