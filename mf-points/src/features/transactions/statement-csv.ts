import Papa from 'papaparse';
import type { Transaction } from '@loyalty/shared/api';
import { languageOption } from '@loyalty/shared/i18n';
import { transactionText } from '../../components/statement/transaction-text';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Byte order mark: spreadsheet programs read the file as UTF-8 (accents, Arabic) only with it. */
const UTF8_BOM = '\ufeff';

/**
 * The field separator a spreadsheet expects in the member's locale: where the decimal separator is
 * a comma (French, Spanish, German), a semicolon, so figures never split a column.
 */
export function csvDelimiter(language: string): ',' | ';' {
  const decimal = new Intl.NumberFormat(languageOption(language).locale)
    .formatToParts(1.5)
    .find((part) => part.type === 'decimal')?.value;
  return decimal === ',' ? ';' : ',';
}

/** A day as ISO 8601 (`2026-03-05`), which every spreadsheet reads as a date whatever its locale. */
const day = (value: string) => value.slice(0, 10);

/**
 * The statement as CSV in the member's language (docs/product/points.md, "Statement download"): a
 * header row, then one row per line, UTF-8. Words are the member's language; dates (ISO 8601) and
 * points (plain signed integers) are what a spreadsheet reads as values in any locale, where a
 * locale's own forms (`05.03.26`, `+1 500` with a narrow space, Arabic direction marks) come in as
 * text. Written by papaparse, which quotes every text (so either separator stays inside it) and
 * puts a quote before a text that starts with `=`, `+`, `-`, `@`, a tab or a carriage return
 * (`escapeFormulae`): a description the member wrote can never run as a formula. The points stay a
 * number, which papaparse never prefixes, so a debit still reads as -250.
 */
export function statementCsv(transactions: readonly Transaction[], language: string, t: Translate): string {
  const header = [
    t('csv.date'),
    t('csv.number'),
    t('csv.description'),
    t('csv.booking'),
    t('csv.stay_start'),
    t('csv.stay_end'),
    t('csv.status'),
    t('csv.available_on'),
    t('csv.points'),
  ];
  const rows = transactions.map((transaction) => [
    day(transaction.date),
    transaction.transactionNumber,
    // The text alone: the isolation marks that keep an id in one piece on screen mean nothing here.
    transactionText(transaction, language, t).replace(/[\u2066-\u2069]/g, ''),
    transaction.bookingId ?? '',
    transaction.stay ? day(transaction.stay.startDate) : '',
    transaction.stay ? day(transaction.stay.endDate) : '',
    t(`transactions.types.${transaction.type}`),
    transaction.availableOn ? day(transaction.availableOn) : '',
    transaction.type === 'debit' ? -transaction.points : transaction.points,
  ]);
  return (
    UTF8_BOM +
    Papa.unparse<(string | number)[]>([header, ...rows], {
      delimiter: csvDelimiter(language),
      newline: '\r\n',
      escapeFormulae: true,
      // Every text in quotes, not only those that hold this file's separator: a spreadsheet set to
      // the other one would otherwise cut `x,=cmd|…` in two and read the second half as a formula.
      quotes: (value: unknown) => typeof value === 'string',
    })
  );
}
