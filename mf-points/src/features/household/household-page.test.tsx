import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setRuntimeConfig } from '@loyalty/shared/config';
import type { Household } from '@loyalty/shared/api/household';
import { HOUSEHOLD_TEXTS } from '@loyalty/shared/api/household';
import { mockFetch, renderWithProviders, type MockRoute } from '@loyalty/shared/testing';
import '../../routes';
import { HouseholdPage } from './household-page';

const household: Household = {
  id: 'hh-1',
  members: [
    { id: 'mbr-1', firstname: 'Ada', lastname: 'Lovelace', you: true },
    { id: 'mbr-2', firstname: 'Byron', lastname: 'King', you: false },
  ],
  invitations: [
    { id: 'inv-1', email: 'carl@example.com', expiresAt: '2026-12-06T10:00:00.000Z', sentByYou: true },
    { id: 'inv-2', email: 'dora@example.com', expiresAt: '2026-12-07T10:00:00.000Z', sentByYou: false },
  ],
  sentToday: 1000,
  dailyLimit: 5000,
  maxMembers: 4,
};
const balance = { pointBalance: 800, pointsPending: 0, totalClaimed: 2000, nextExpiry: null };
const routes = (extra: MockRoute[] = [], data: Household | null = household): MockRoute[] => [
  ...extra,
  { method: 'GET', path: '/api/user/household', body: { data } },
];
/** The 201 of a transfer or pool to Byron of `points`, leaving the sender `left`. */
const sentAnswer = (path: string, points: number, left: number): MockRoute => ({
  method: 'POST',
  path,
  status: 201,
  body: {
    message: HOUSEHOLD_TEXTS.transferred,
    data: {
      transaction: {
        id: 't',
        transactionNumber: 'TXN-000050',
        date: '2026-11-29T10:00:00.000Z',
        type: 'debit',
        points,
        description: 'Household transfer to Byron King',
        household: { direction: 'out', counterpart: 'Byron King' },
      },
      balance: { ...balance, pointBalance: left },
      household: { ...household, sentToday: household.sentToday + points },
    },
  },
});
const render = (route = '/dashboard/household') =>
  renderWithProviders(<HouseholdPage />, { namespaces: ['points'], route });

jest.setTimeout(30_000);

describe('HouseholdPage', () => {
  beforeEach(() => setRuntimeConfig({ HOST_API: 'http://api.test' }));

  it('lists the members, the pending invitations and what was sent today', async () => {
    const network = mockFetch(routes());
    await render();
    expect(screen.getByRole('heading', { level: 1, name: 'Household' })).toBeInTheDocument();
    const members = await screen.findByRole('list', { name: 'Members' });
    expect(
      within(members)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ada LovelaceYou', 'Byron King']);
    expect(screen.getByRole('list', { name: 'Pending invitations' })).toHaveTextContent(
      '\u2068carl@example.com\u2069, until 6 Dec 2026',
    );
    expect(screen.getByText('Sent today: 1,000 of 5,000 points.')).toBeInTheDocument();
    network.restore();
  });

  it('sends points through a confirm step that says the points and the recipient', async () => {
    const network = mockFetch(routes([sentAnswer('/api/user/household/transfers', 1200, 800)]));
    const user = userEvent.setup();
    await render();
    const form = await screen.findByRole('form', { name: 'Send points to a member' });
    // The only other member is chosen already.
    expect(within(form).getByRole('combobox', { name: /Recipient/ })).toHaveValue('mbr-2');
    await user.type(within(form).getByRole('spinbutton', { name: /Points/ }), '1200');
    await user.click(within(form).getByRole('button', { name: 'Review transfer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send these points?' });
    expect(dialog).toHaveTextContent('Recipient: \u2068Byron King\u2069');
    expect(dialog).toHaveTextContent('Points: 1,200');
    expect(network.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Send points' }));
    const outcome = await screen.findByRole('status');
    expect(outcome).toHaveTextContent('Points sent to \u2068Byron King\u2069: 1,200. Your balance now: 800.');
    const sent = network.calls.find((call) => call.method === 'POST')!;
    expect(await sent.json()).toEqual({ toMemberId: 'mbr-2', points: 1200 });
    network.restore();
  });

  it('pools all the member may send today (balance within the daily limit) through the same confirm step', async () => {
    const network = mockFetch(
      routes([
        { method: 'GET', path: '/api/user/points/balance', body: { data: balance } },
        sentAnswer('/api/user/household/pool', 800, 0),
      ]),
    );
    const user = userEvent.setup();
    await render();
    // The button waits for two answers (household and balance): a bound for a busy machine, not a wait.
    await user.click(
      await screen.findByRole('button', { name: 'Send all I may send today: 800' }, { timeout: 10_000 }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Send everything you may send today?' });
    expect(dialog).toHaveTextContent('Points: 800');
    await user.click(within(dialog).getByRole('button', { name: 'Send points' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Points sent to \u2068Byron King\u2069: 800.');
    const pooled = network.calls.find((call) => call.method === 'POST')!;
    expect(pooled.url).toMatch(/\/api\/user\/household\/pool$/);
    expect(await pooled.json()).toEqual({ toMemberId: 'mbr-2' });
    network.restore();
  });

  it.each([
    ['notEnoughPoints', 'points', 'Not enough points: the transfer is more than your available balance.'],
    ['dailyLimit', 'dailyLimit', 'This transfer would pass your daily household limit.'],
  ] as const)('a refusal (%s) says what is wrong and keeps what was typed', async (name, field, text) => {
    const network = mockFetch(
      routes([
        {
          method: 'POST',
          path: '/api/user/household/transfers',
          status: 422,
          body: { message: HOUSEHOLD_TEXTS[name], errors: { [field]: HOUSEHOLD_TEXTS[name] } },
        },
      ]),
    );
    const user = userEvent.setup();
    await render();
    const form = await screen.findByRole('form', { name: 'Send points to a member' });
    await user.type(within(form).getByRole('spinbutton', { name: /Points/ }), '9000');
    await user.click(within(form).getByRole('button', { name: 'Review transfer' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Send these points?' })).getByRole('button', {
        name: 'Send points',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(within(form).getByRole('spinbutton', { name: /Points/ })).toHaveValue(9000);
    network.restore();
  });

  it('invites by e-mail; a refused address stays in the field with the reason', async () => {
    const network = mockFetch(
      routes(
        [
          {
            method: 'POST',
            path: '/api/user/household/invitations',
            status: 409,
            body: { message: HOUSEHOLD_TEXTS.full, errors: { household: HOUSEHOLD_TEXTS.full } },
          },
        ],
        null,
      ),
    );
    const user = userEvent.setup();
    await render();
    expect(await screen.findByRole('heading', { name: 'Start a household' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Invite to the household' });
    const email = within(form).getByRole('textbox', { name: /E-mail address/ });
    await user.type(email, 'not-an-address');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Email must be a valid email address')).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'byron@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This household is full: it has as many members and invitations as it may have.',
    );
    expect(email).toHaveValue('byron@example.com');
    network.restore();
  });

  it('withdraws an invitation the member sent, and only theirs; the outcome then has the focus', async () => {
    const withdrawn = { ...household, invitations: household.invitations.slice(1) };
    const network = mockFetch(
      routes([
        {
          method: 'POST',
          path: '/api/user/household/invitations/inv-1/withdraw',
          body: { message: HOUSEHOLD_TEXTS.withdrawn, data: withdrawn },
        },
      ]),
    );
    const user = userEvent.setup();
    await render();
    const pending = await screen.findByRole('list', { name: 'Pending invitations' });
    // Byron's invitation to Dora is his to withdraw, not Ada's.
    expect(
      within(pending)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Withdraw the invitation to carl@example.com']);
    await user.click(within(pending).getByRole('button', { name: 'Withdraw the invitation to carl@example.com' }));
    const outcome = await screen.findByRole('status');
    expect(outcome).toHaveTextContent(
      'Invitation to \u2068carl@example.com\u2069 withdrawn: its link no longer works.',
    );
    await waitFor(() => expect(outcome).toHaveFocus());
    expect(screen.getByRole('list', { name: 'Pending invitations' })).not.toHaveTextContent('carl@example.com');
    expect(network.calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      'http://api.test/api/user/household/invitations/inv-1/withdraw',
    ]);
    network.restore();
  });

  it('gives the focus to the outcome of a withdrawal that follows another outcome', async () => {
    const eve = { id: 'inv-3', email: 'eve@example.com', expiresAt: '2026-12-08T10:00:00.000Z', sentByYou: true };
    const network = mockFetch(
      routes(
        [
          {
            method: 'POST',
            path: '/api/user/household/invitations/inv-1/withdraw',
            body: { message: HOUSEHOLD_TEXTS.withdrawn, data: { ...household, invitations: [eve] } },
          },
          {
            method: 'POST',
            path: '/api/user/household/invitations/inv-3/withdraw',
            body: { message: HOUSEHOLD_TEXTS.withdrawn, data: { ...household, invitations: [] } },
          },
        ],
        { ...household, invitations: [household.invitations[0]!, eve] },
      ),
    );
    const user = userEvent.setup();
    await render();
    await user.click(await screen.findByRole('button', { name: 'Withdraw the invitation to carl@example.com' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Withdraw the invitation to eve@example.com' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('eve@example.com'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
    network.restore();
  });

  it('says so when the invitation was used or withdrawn meanwhile', async () => {
    const network = mockFetch(
      routes([
        {
          method: 'POST',
          path: '/api/user/household/invitations/inv-1/withdraw',
          status: 404,
          body: { message: HOUSEHOLD_TEXTS.noSuchInvitation },
        },
      ]),
    );
    const user = userEvent.setup();
    await render();
    await user.click(await screen.findByRole('button', { name: 'Withdraw the invitation to carl@example.com' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No such invitation of yours is pending.');
    await waitFor(() => expect(alert).toHaveFocus());
    network.restore();
  });

  it('accepts the invitation of its link, and leaves through a confirm step', async () => {
    const network = mockFetch(
      routes(
        [
          {
            method: 'POST',
            path: '/api/user/household/accept',
            body: { message: HOUSEHOLD_TEXTS.accepted, data: household },
          },
          { method: 'POST', path: '/api/user/household/leave', body: { message: HOUSEHOLD_TEXTS.left, data: null } },
        ],
        null,
      ),
    );
    const user = userEvent.setup();
    await render('/dashboard/household#token=abc123');
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Welcome to the household.');
    const accepted = network.calls.find((call) => call.url.endsWith('/accept'))!;
    expect(await accepted.json()).toEqual({ token: 'abc123' });
    expect(await screen.findByRole('list', { name: 'Members' })).toBeInTheDocument();
    // The link is spent: it leaves the address, and the offer goes with it.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Leave household' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave the household?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You have left the household.');
    expect(await screen.findByRole('heading', { name: 'Start a household' })).toBeInTheDocument();
    network.restore();
  });
});
