import { filtersFromSearch, filtersToQuery, filtersToSearch } from './transactions-query';

describe('transactions filters in the URL', () => {
  it('round-trips every filter through the query string', () => {
    const filters = {
      type: 'debit' as const,
      from: '2026-01-01',
      to: '2026-02-01',
      q: 'TXN-1',
      page: 3,
      sort: 'date_asc' as const,
    };
    expect(filtersFromSearch(filtersToSearch(filters))).toEqual(filters);
  });

  it('drops the invisible direction controls of a number copied out of right-to-left text', () => {
    expect(filtersFromSearch(new URLSearchParams({ q: '\u2068TXN-000001\u2069' })).q).toBe('TXN-000001');
  });

  it('keeps the URL plain for the defaults', () => {
    expect(filtersToSearch(filtersFromSearch(new URLSearchParams())).toString()).toBe('');
  });

  it('ignores malformed values instead of sending them', () => {
    const filters = filtersFromSearch(new URLSearchParams('type=gift&from=2026-02-30&page=-2&sort=up'));
    expect(filtersToQuery(filters)).toEqual({
      type: undefined,
      from: undefined,
      to: undefined,
      q: undefined,
      page: 1,
      pageSize: 10,
      sort: 'date_desc',
    });
  });
});
