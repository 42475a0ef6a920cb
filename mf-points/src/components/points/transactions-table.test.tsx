import { screen } from '@testing-library/react';
import type { Transaction } from '@loyalty/shared/api';
import { renderWithProviders } from '@loyalty/shared/testing';
import '../../routes';
import { TransactionsTable } from './transactions-table';

const transactions: Transaction[] = [
  {
    id: 't-1',
    transactionNumber: 'TXN-000010',
    date: '2026-11-22T10:00:00.000Z',
    type: 'credit',
    points: 300,
    bookingId: 'BK-2001',
    description: 'Booking BK-2001',
  },
  {
    id: 't-2',
    transactionNumber: 'TXN-000011',
    date: '2026-11-23T10:00:00.000Z',
    type: 'debit',
    points: 120,
    description: 'Redemption',
  },
];

/** A window `width` pixels wide, as far as media queries on width can tell (jsdom has none). */
function viewportOf(width: number): void {
  const pixels = ([, value, unit]: RegExpExecArray) => Number(value) * (unit === 'px' ? 1 : 16);
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*([\d.]+)(px|r?em)/.exec(query);
    const max = /max-width:\s*([\d.]+)(px|r?em)/.exec(query);
    const matches = (!min || width >= pixels(min)) && (!max || width <= pixels(max));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  };
}

/** The table of the two transactions above, as a window `width` pixels wide shows it. */
async function renderAt(width: number, compact = false): Promise<void> {
  viewportOf(width);
  await renderWithProviders(
    <TransactionsTable transactions={transactions} caption="Latest transactions" compact={compact} />,
    { namespaces: ['points'] },
  );
}

describe('TransactionsTable', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('lists the transactions as cards on a phone, without building the table', async () => {
    await renderAt(375);

    const list = await screen.findByRole('list', { name: 'Latest transactions' });
    expect(list.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByText('TXN-000010')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a table from tablet width up, without the cards', async () => {
    await renderAt(1024);

    const table = await screen.findByRole('table', { name: 'Latest transactions' });
    // The header row and one row per transaction.
    expect(table.querySelectorAll('tr')).toHaveLength(3);
    expect(screen.getByRole('columnheader', { name: 'Points' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Latest transactions' })).not.toBeInTheDocument();
  });

  it('in a card, keeps to date, line and points, with each line’s status under its description', async () => {
    await renderAt(1024, true);

    const table = await screen.findByRole('table', { name: 'Latest transactions' });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Date',
      'Description',
      'Points',
    ]);
    const [, first] = table.querySelectorAll('tr');
    expect(first!.querySelectorAll('td')[1]).toHaveTextContent(/Credit/);
  });
});
