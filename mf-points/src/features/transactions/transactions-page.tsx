import { useState } from 'react';
import { Box, Button, EmptyState, Flex, HStack, Icon, PageHeading, Stack, Text, VStack } from '@loyalty/shared/ui';
import { Skeleton } from '@loyalty/shared/ui-data-display';
import { Link as RouterLink, useSearchParams, paths } from '@loyalty/shared/router';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';
import { messageText } from '@loyalty/shared/api/messages';
import { formatNumber } from '@loyalty/shared/i18n';
import { ErrorPanel, SearchNotFound } from '@loyalty/shared/ui';
import { TransactionsFiltersForm } from './transactions-filters-form';
import { StatementDownload } from './statement-download';
import { ExpiryNotice } from '../../components/points/expiry-notice';
import { TransactionsTable } from '../../components/points/transactions-table';
import {
  DEFAULT_FILTERS,
  filtersFromSearch,
  filtersToSearch,
  hasActiveFilters,
  type TransactionsFilters,
} from './transactions-query';
import { useTransactions } from './use-transactions';

/**
 * The statement: every line with what it was, its booking, stay and status; filter by type and
 * dates, search by booking id or description, sort by date, page through, download a range as CSV.
 */
export function TransactionsPage() {
  const { t, i18n } = useTranslation('points');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const result = useTransactions(filters);
  // Here rather than in the form, which is keyed by the search: a search keeps the panel as it was.
  const [filtersPanelOpen, setFiltersPanelOpen] = useState(false);
  // Search pressed with nothing typed (docs/product/frame.md, search-empty panel).
  const [blankSearch, setBlankSearch] = useState(false);

  const update = (changes: Partial<TransactionsFilters>) => {
    setBlankSearch(false);
    setSearchParams(filtersToSearch({ ...filters, ...changes }));
  };
  const clear = () => {
    setBlankSearch(false);
    setSearchParams(filtersToSearch(DEFAULT_FILTERS));
  };
  const nextSort = filters.sort === 'date_desc' ? 'date_asc' : 'date_desc';

  const page = result.status === 'ready' ? result.page : result.status === 'loading' ? result.previous : null;
  const pageCount = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  const format = (value: number) => formatNumber(value, i18n.language);

  const dateHeader = (
    <Button
      variant="plain"
      size="sm"
      paddingInline="0"
      fontWeight="inherit"
      onClick={() => update({ sort: nextSort, page: 1 })}
    >
      {t('transactions.columns.date')}
      <Text as="span" srOnly>
        {t(filters.sort === 'date_desc' ? 'transactions.sort.to_oldest' : 'transactions.sort.to_newest')}
      </Text>
      <Icon boxSize="3.5" aria-hidden="true">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
          <path d={filters.sort === 'date_desc' ? 'M12 5v14M6 13l6 6 6-6' : 'M12 19V5M6 11l6-6 6 6'} />
        </svg>
      </Icon>
    </Button>
  );

  return (
    <Stack gap="6">
      <PageHeading>{t('transactions.title')}</PageHeading>
      <ExpiryNotice fontWeight="medium" />
      <TransactionsFiltersForm
        key={filters.q}
        filters={filters}
        onChange={update}
        onClear={clear}
        onBlankSearch={() => {
          setBlankSearch(true);
          if (filters.q) setSearchParams(filtersToSearch({ ...filters, q: '', page: 1 }));
        }}
        panelOpen={filtersPanelOpen}
        onPanelOpenChange={setFiltersPanelOpen}
      />

      {blankSearch ? <SearchNotFound query="" /> : null}

      {result.status === 'error' ? (
        <ErrorPanel
          title={t('transactions.error')}
          description={messageText(result.message, t)}
          onRetry={result.retry}
        />
      ) : !page ? (
        <Stack gap="2" aria-busy="true" aria-label={accessibleText(t('transactions.loading'))}>
          {Array.from({ length: 6 }, (_, row) => (
            <Skeleton key={row} height="10" />
          ))}
        </Stack>
      ) : page.total === 0 ? (
        filters.q.trim() ? (
          <SearchNotFound query={filters.q} />
        ) : hasActiveFilters(filters) ? (
          <EmptyState.Root role="status">
            <EmptyState.Content>
              <VStack textAlign="center">
                <EmptyState.Title>{t('transactions.empty_filtered_title')}</EmptyState.Title>
                <EmptyState.Description>{t('transactions.empty_filtered_text')}</EmptyState.Description>
              </VStack>
              <Button variant="outline" onClick={clear}>
                {t('transactions.filters.clear')}
              </Button>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <EmptyState.Root role="status">
            <EmptyState.Content>
              <VStack textAlign="center">
                <EmptyState.Title>{t('transactions.empty_title')}</EmptyState.Title>
                <EmptyState.Description>{t('transactions.empty_text')}</EmptyState.Description>
              </VStack>
              <Button asChild>
                <RouterLink to={paths.dashboard.claim}>{t('dashboard.claim_cta_action')}</RouterLink>
              </Button>
            </EmptyState.Content>
          </EmptyState.Root>
        )
      ) : (
        <Stack gap="3" aria-busy={result.status === 'loading'} opacity={result.status === 'loading' ? 0.6 : 1}>
          <Text role="status" color="fg.muted" fontSize="sm">
            {t('transactions.summary', {
              first: format((page.page - 1) * page.pageSize + 1),
              last: format(Math.min(page.page * page.pageSize, page.total)),
              total: format(page.total),
            })}
          </Text>
          <TransactionsTable
            transactions={page.data}
            caption={t('transactions.title')}
            dateHeader={dateHeader}
            dateSort={filters.sort === 'date_desc' ? 'descending' : 'ascending'}
          />
          {pageCount > 1 ? (
            <Box as="nav" aria-label={accessibleText(t('transactions.paging.label'))}>
              {/* docs/product/limits.md: the table's pagination toolbar is 64 px high. */}
              <Flex minHeight="16" justifyContent="space-between" alignItems="center" gap="3">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page.page <= 1}
                  onClick={() => update({ page: page.page - 1 })}
                >
                  {t('transactions.paging.previous')}
                </Button>
                <HStack>
                  <Text fontSize="sm">
                    {t('transactions.paging.page_of', { page: format(page.page), pages: format(pageCount) })}
                  </Text>
                </HStack>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page.page >= pageCount}
                  onClick={() => update({ page: page.page + 1 })}
                >
                  {t('transactions.paging.next')}
                </Button>
              </Flex>
            </Box>
          ) : null}
        </Stack>
      )}
      <StatementDownload key={`${filters.from}|${filters.to}`} from={filters.from} to={filters.to} />
    </Stack>
  );
}
