import type { ReactNode } from 'react';
import { Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Transaction } from '@loyalty/shared/api';
import { formatDate } from '@loyalty/shared/i18n';
import { TransactionTypeLabel } from '../points-ui/transaction-type-label';
import { signedPoints } from '../points-ui/signed-points';

export interface TransactionsTableProps {
  transactions: Transaction[];
  caption: string;
  /** The date column's header, when the table can be sorted by it. */
  dateHeader?: ReactNode;
  dateSort?: 'ascending' | 'descending';
}

/**
 * Transactions as a table that scrolls sideways on a narrow screen, its header staying in view
 * while it scrolls down; the columns are few and short so 375 px stays readable.
 */
export function TransactionsTable({ transactions, caption, dateHeader, dateSort }: TransactionsTableProps) {
  const { t, i18n } = useTranslation('points');
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="l2" maxHeight="70vh" tabIndex={0} aria-label={caption}>
      <Table.Root size="sm" stickyHeader interactive>
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader scope="col">{t('transactions.columns.number')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col" aria-sort={dateSort}>
              {dateHeader ?? t('transactions.columns.date')}
            </Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('transactions.columns.type')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col" textAlign="end">
              {t('transactions.columns.points')}
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {transactions.map((transaction) => (
            <Table.Row key={transaction.id} data-testid="transaction-row">
              <Table.Cell>
                <Text fontWeight="medium" whiteSpace="nowrap">
                  {transaction.transactionNumber}
                </Text>
                {transaction.bookingId ? (
                  <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                    {transaction.bookingId}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDate(transaction.date, i18n.language)}</Table.Cell>
              <Table.Cell>
                <TransactionTypeLabel type={transaction.type} />
              </Table.Cell>
              <Table.Cell textAlign="end" fontWeight="semibold" whiteSpace="nowrap">
                {/* bdi keeps the sign before the figure in a right-to-left page too. */}
                <bdi>{signedPoints(transaction.points, transaction.type, i18n.language)}</bdi>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
