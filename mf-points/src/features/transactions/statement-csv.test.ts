import Papa from 'papaparse';
import type { Transaction } from '@loyalty/shared/api';
import { i18n, initI18n } from '@loyalty/shared/i18n';
import '../../routes';
import { csvDelimiter, statementCsv } from './statement-csv';

const lines: Transaction[] = [
  {
    id: '1',
    transactionNumber: 'TXN-000001',
    date: '2026-03-05T10:00:00.000Z',
    type: 'credit_pending',
    points: 1500,
    bookingId: 'BK-0001',
    availableOn: '2026-03-09',
    description: 'Points claimed for booking BK-0001',
    stay: { startDate: '2026-03-01', endDate: '2026-03-08' },
  },
  {
    id: '2',
    transactionNumber: 'TXN-000002',
    date: '2026-03-06T10:00:00.000Z',
    type: 'debit',
    points: 250,
    description: 'Redeemed: Coffee; "large", with milk',
  },
];

describe('the statement as CSV', () => {
  beforeAll(async () => {
    await initI18n();
    await i18n.loadNamespaces('points');
    await i18n.loadLanguages(['fr', 'de']);
  });
  const csv = (language: string) => statementCsv(lines, language, i18n.getFixedT(language, 'points'));

  it('is UTF-8 with a byte order mark, a header row and one row per line, in English', () => {
    const text = csv('en');
    expect(text.startsWith('\ufeff')).toBe(true);
    const rows = Papa.parse<string[]>(text.slice(1), { delimiter: ',' }).data;
    expect(rows).toEqual([
      ['Date', 'Transaction', 'Description', 'Booking', 'Stay from', 'Stay to', 'Status', 'Available on', 'Points'],
      [
        '05/03/2026',
        'TXN-000001',
        'Stay BK-0001',
        'BK-0001',
        '01/03/2026',
        '08/03/2026',
        'Credit pending',
        '09/03/2026',
        '+1,500',
      ],
      ['06/03/2026', 'TXN-000002', 'Points redeemed: Coffee; "large", with milk', '', '', '', 'Debit', '', '-250'],
    ]);
  });

  it('writes dates and figures as the member’s language does, with the separator its spreadsheets expect', () => {
    expect(csvDelimiter('fr')).toBe(';');
    expect(csvDelimiter('de')).toBe(';');
    expect(csvDelimiter('en')).toBe(',');
    const rows = Papa.parse<string[]>(csv('de').slice(1), { delimiter: ';' }).data;
    expect(rows[0]?.[0]).toBe('Datum');
    expect(rows[1]?.[0]).toBe('05.03.26');
    expect(rows[1]?.[8]).toBe('+1.500');
  });
});
