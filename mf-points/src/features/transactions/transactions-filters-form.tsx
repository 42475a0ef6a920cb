import { useId, useState } from 'react';
import { Button, Field, Flex, Icon, Input, NativeSelect, SimpleGrid, Stack } from '@loyalty/shared/ui';
import { accessibleText, formatNumber, useTranslation } from '@loyalty/shared/i18n';
import { TRANSACTION_TYPES, type TransactionType } from '@loyalty/shared/api';
import { isCalendarDate } from '@loyalty/shared/validation';
import { hasActiveFilters, type TransactionSort, type TransactionsFilters } from './transactions-query';

export interface TransactionsFiltersFormProps {
  filters: TransactionsFilters;
  onChange: (changes: Partial<TransactionsFilters>) => void;
  onClear: () => void;
  /** A search with nothing typed: the page says to enter keywords rather than listing everything. */
  onBlankSearch: () => void;
  /** Whether a phone shows the type, dates and order; wider screens always do. */
  panelOpen: boolean;
  onPanelOpenChange: (open: boolean) => void;
}

/**
 * Type and date range apply as soon as they change; the search applies on Enter or Search.
 * The page keys this form by the query in the URL, so Back/forward resets the search box.
 * On a phone the fields past the search fold behind a button that counts the filters in force,
 * so the history starts on the first screen.
 */
export function TransactionsFiltersForm({
  filters,
  onChange,
  onClear,
  onBlankSearch,
  panelOpen,
  onPanelOpenChange,
}: TransactionsFiltersFormProps) {
  const { t, i18n } = useTranslation('points');
  const [query, setQuery] = useState(filters.q);
  const panelId = useId();
  const activeFilters = [filters.type, filters.from, filters.to].filter(Boolean).length;

  const dateChange = (name: 'from' | 'to') => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    if (value === '' || isCalendarDate(value)) onChange({ [name]: value, page: 1 });
  };
  const rangeInverted = Boolean(filters.from && filters.to && filters.from > filters.to);
  // An error in the panel is never folded away.
  const panelShown = panelOpen || rangeInverted;

  return (
    <Flex
      as="form"
      role="search"
      aria-label={accessibleText(t('transactions.filters.label'))}
      direction="column"
      gap="4"
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        if (query.trim() === '') onBlankSearch();
        else onChange({ q: query.trim(), page: 1 });
      }}
    >
      <Flex gap="2" alignItems="end">
        <Field.Root flex="1">
          <Field.Label>{t('transactions.filters.search')}</Field.Label>
          <Input
            type="search"
            value={query}
            maxLength={100}
            placeholder={t('transactions.filters.search_placeholder')}
            onChange={(event) => setQuery(event.target.value)}
          />
        </Field.Root>
        <Button type="submit">{t('transactions.filters.search_action')}</Button>
      </Flex>
      <Button
        type="button"
        variant="outline"
        alignSelf="flex-start"
        hideFrom="md"
        aria-expanded={panelShown}
        aria-controls={panelId}
        onClick={() => onPanelOpenChange(!panelShown)}
      >
        {activeFilters > 0
          ? t('transactions.filters.toggle_active', { number: formatNumber(activeFilters, i18n.language) })
          : t('transactions.filters.toggle')}
        <Icon boxSize="4" aria-hidden="true" transform={panelShown ? 'rotate(180deg)' : undefined}>
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M6 9l6 6 6-6" />
          </svg>
        </Icon>
      </Button>
      <Stack id={panelId} gap="4" display={{ base: panelShown ? 'flex' : 'none', md: 'flex' }}>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4" alignItems="end">
          <Field.Root>
            <Field.Label>{t('transactions.filters.type')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={filters.type}
                onChange={(event) => onChange({ type: event.target.value as TransactionType | '', page: 1 })}
              >
                <option value="">{t('transactions.filters.all_types')}</option>
                {TRANSACTION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`transactions.types.${type}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('transactions.filters.from')}</Field.Label>
            <Input type="date" value={filters.from} max={filters.to || undefined} onChange={dateChange('from')} />
          </Field.Root>
          <Field.Root invalid={rangeInverted}>
            <Field.Label>{t('transactions.filters.to')}</Field.Label>
            <Input type="date" value={filters.to} min={filters.from || undefined} onChange={dateChange('to')} />
            <Field.ErrorText>{t('transactions.filters.range_inverted')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        {/* On a phone the list has no column header to sort by, so the order is chosen here. */}
        <Field.Root hideFrom="md">
          <Field.Label>{t('transactions.filters.sort')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={filters.sort}
              onChange={(event) => onChange({ sort: event.target.value as TransactionSort, page: 1 })}
            >
              <option value="date_desc">{t('transactions.filters.sort_newest')}</option>
              <option value="date_asc">{t('transactions.filters.sort_oldest')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Stack>
      {hasActiveFilters(filters) ? (
        <Flex>
          <Button type="button" variant="ghost" size="sm" onClick={onClear}>
            {t('transactions.filters.clear')}
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
