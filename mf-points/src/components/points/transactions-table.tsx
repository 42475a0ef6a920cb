import type { ReactNode } from 'react';
import { Box, Flex, Link, List, Stack, Text, useBreakpointValue } from '@loyalty/shared/ui';
import { Table } from '@loyalty/shared/ui-data-display';
import { Link as RouterLink } from '@loyalty/shared/router';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';
import type { Transaction } from '@loyalty/shared/api';
import { formatDate } from '@loyalty/shared/i18n';
import { signedPoints } from './signed-points';
import { transactionText } from '../statement/transaction-text';
import { transactionPath } from '../statement/transaction-path';
import { TransactionStatus } from '../statement/transaction-status';
import { stayDates } from '../statement/stay-dates';

export interface TransactionsTableProps {
  transactions: Transaction[];
  caption: string;
  /** The date column's header, when the table can be sorted by it. */
  dateHeader?: ReactNode;
  dateSort?: 'ascending' | 'descending';
  /**
   * For a table in a card beside another: the booking column is left out (the line's description
   * already names the stay's booking) and the status sits under the description. With those
   * columns the table was wider than a dashboard card from 1024 to 1279 px (at every desktop width
   * with the booking's), and the points, which the card is for, were scrolled out of view.
   */
  compact?: boolean;
}

/**
 * Statement lines as a table from tablet width up (its header stays in view while it scrolls), and
 * as a list of small cards on a phone, where the columns would not fit side by side. Only the one
 * that fits is rendered: both, one hidden by CSS, made a phone build, style and commit the table's
 * elements for nothing in the dashboard's first render. Each line says what it was and links to
 * its detail.
 */
export function TransactionsTable(props: TransactionsTableProps) {
  // Chakra's `md` breakpoint, read at the first render (no server render to agree with).
  const asTable = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false;
  return asTable ? (
    <TransactionsGrid {...props} />
  ) : (
    <TransactionsCards transactions={props.transactions} caption={props.caption} />
  );
}

/** What a line was, as a link to its detail, with its booking and stay beneath. */
function LineDescription({ transaction }: { transaction: Transaction }) {
  const { t, i18n } = useTranslation('points');
  const stay = stayDates(transaction, i18n.language);
  return (
    <Stack gap="0.5" minWidth="0">
      <Link asChild fontWeight="semibold" color="fg" textDecoration="underline" textUnderlineOffset="3px">
        <RouterLink to={transactionPath(transaction.transactionNumber)}>
          {transactionText(transaction, i18n.language, t)}
        </RouterLink>
      </Link>
      <Text fontSize="xs" color="fg.muted">
        {/* An id reads as one word: it never breaks at its hyphen. */}
        <Text as="span" whiteSpace="nowrap">
          {transaction.transactionNumber}
        </Text>
        {stay ? (
          <>
            {' · '}
            {/* The stay's range stays on one line: broken at its dash, it read as two dates. */}
            <Text as="span" whiteSpace="nowrap">
              {t('statement.stay_dates', { dates: stay })}
            </Text>
          </>
        ) : null}
      </Text>
    </Stack>
  );
}

function TransactionsCards({ transactions, caption }: Pick<TransactionsTableProps, 'transactions' | 'caption'>) {
  const { t, i18n } = useTranslation('points');
  return (
    <List.Root variant="plain" gap="2" aria-label={accessibleText(caption)}>
      {transactions.map((transaction) => (
        <List.Item
          key={transaction.id}
          display="block"
          borderWidth="1px"
          borderRadius="l2"
          padding="3"
          data-testid="transaction-card"
        >
          <Flex justifyContent="space-between" gap="3" alignItems="start">
            <LineDescription transaction={transaction} />
            <Text fontWeight="semibold" whiteSpace="nowrap">
              <Text as="span" srOnly>
                {t('transactions.columns.points')}
              </Text>
              <bdi dir="ltr">{signedPoints(transaction.points, transaction.type, i18n.language)}</bdi>
            </Text>
          </Flex>
          <Flex justifyContent="space-between" gap="3" marginTop="2" fontSize="sm" alignItems="start">
            <Text color="fg.muted">{formatDate(transaction.date, i18n.language)}</Text>
            <TransactionStatus transaction={transaction} />
          </Flex>
        </List.Item>
      ))}
    </List.Root>
  );
}

function TransactionsGrid({ transactions, caption, dateHeader, dateSort, compact = false }: TransactionsTableProps) {
  const { t, i18n } = useTranslation('points');
  return (
    <Table.ScrollArea
      borderWidth="1px"
      borderRadius="l2"
      maxHeight="70vh"
      tabIndex={0}
      aria-label={accessibleText(caption)}
    >
      <Table.Root size="sm" stickyHeader interactive>
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader scope="col" aria-sort={dateSort}>
              {dateHeader ?? t('transactions.columns.date')}
            </Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('transactions.columns.description')}</Table.ColumnHeader>
            {compact ? null : <Table.ColumnHeader scope="col">{t('transactions.columns.booking')}</Table.ColumnHeader>}
            {compact ? null : <Table.ColumnHeader scope="col">{t('transactions.columns.status')}</Table.ColumnHeader>}
            <Table.ColumnHeader scope="col" textAlign="end">
              {t('transactions.columns.points')}
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {transactions.map((transaction) => (
            <Table.Row key={transaction.id} data-testid="transaction-row">
              <Table.Cell whiteSpace="nowrap" verticalAlign="top">
                {formatDate(transaction.date, i18n.language)}
              </Table.Cell>
              <Table.Cell verticalAlign="top">
                <LineDescription transaction={transaction} />
                {compact ? (
                  <Box marginTop="1" fontSize="sm">
                    <TransactionStatus transaction={transaction} />
                  </Box>
                ) : null}
              </Table.Cell>
              {compact ? null : (
                <Table.Cell whiteSpace="nowrap" verticalAlign="top">
                  {transaction.bookingId ?? (
                    <Box as="span" aria-hidden="true">
                      —
                    </Box>
                  )}
                </Table.Cell>
              )}
              {compact ? null : (
                <Table.Cell verticalAlign="top">
                  <TransactionStatus transaction={transaction} />
                </Table.Cell>
              )}
              <Table.Cell textAlign="end" fontWeight="semibold" whiteSpace="nowrap" verticalAlign="top">
                {/* Left to right in its own isolate: the sign stays before the figure on an Arabic page too. */}
                <bdi dir="ltr">{signedPoints(transaction.points, transaction.type, i18n.language)}</bdi>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
