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
        '2026-03-05',
        'TXN-000001',
        'Stay BK-0001',
        'BK-0001',
        '2026-03-01',
        '2026-03-08',
        'Credit pending',
        '2026-03-09',
        '1500',
      ],
      ['2026-03-06', 'TXN-000002', 'Points redeemed: Coffee; "large", with milk', '', '', '', 'Debit', '', '-250'],
    ]);
  });

  it('writes words in the member’s language, with the separator its spreadsheets expect', () => {
    expect(csvDelimiter('fr')).toBe(';');
    expect(csvDelimiter('de')).toBe(';');
    expect(csvDelimiter('en')).toBe(',');
    const rows = Papa.parse<string[]>(csv('de').slice(1), { delimiter: ';' }).data;
    expect(rows[0]?.[0]).toBe('Datum');
  });

  it.each(['en', 'fr', 'es', 'de', 'ar'])('reads back as ISO dates and numbers in %s', async (language) => {
    await i18n.loadLanguages([language]);
    const [, ...rows] = Papa.parse<string[]>(csv(language).slice(1), {
      delimiter: csvDelimiter(language),
      skipEmptyLines: true,
    }).data;
    const isoDay = /^\d{4}-\d{2}-\d{2}$/;
    for (const row of rows) {
      for (const column of [0, 4, 5, 7]) expect(row[column] === '' || isoDay.test(row[column] ?? '')).toBe(true);
    }
    // What a spreadsheet sums: plain signed integers, no group separators or direction marks.
    expect(rows.map((row) => Number(row[8]))).toEqual([1500, -250]);
    expect(rows.map((row) => row[0])).toEqual(['2026-03-05', '2026-03-06']);
  });

  it.each(['=', '+', '-', '@', '\t', '\r'])('never lets a text that starts with %j run as a formula', (start) => {
    const note = `${start}HYPERLINK("https://evil.example","Click")`;
    const hostile: Transaction = { ...lines[1]!, id: '3', transactionNumber: `${start}TXN` };
    const text = statementCsv([hostile], 'fr', (key, options) =>
      key === 'csv.date' ? note : i18n.getFixedT('fr', 'points')(key, options),
    );
    const [header, row] = Papa.parse<string[]>(text.slice(1), { delimiter: ';' }).data;
    expect(header?.[0]).toBe(`'${note}`);
    expect(row?.[1]).toBe(`'${start}TXN`);
    expect(row?.[8]).toBe('-250');
  });

  // A spreadsheet set to the other separator cuts a row where this file does not: a text that
  // holds that separator must not hand it a cell of its own starting with a formula.
  it.each(['en', 'fr', 'es', 'de', 'ar'])(
    'keeps every text whole when %s is opened with either separator',
    async (language) => {
      await i18n.loadLanguages([language]);
      const formulas = ['=', '+', '-', '@', '\t', '\r'].map((start) => `${start}cmd|' /C calc'!A0`);
      const hostile: Transaction[] = formulas.flatMap((formula, index) =>
        [',', ';'].map((separator) => ({
          ...lines[1]!,
          id: `note-${index}${separator}`,
          description: `Redeemed: x${separator}${formula}`,
        })),
      );
      const text = statementCsv([...lines, ...hostile], language, i18n.getFixedT(language, 'points'));
      for (const delimiter of [',', ';']) {
        const cells = Papa.parse<string[]>(text.slice(1), { delimiter, skipEmptyLines: true }).data.flat();
        expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell) && !/^-\d+$/.test(cell))).toEqual([]);
      }
    },
  );
});
