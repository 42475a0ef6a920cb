import { useRef, useState } from 'react';
import {
  ActionOutcome,
  Box,
  Button,
  Card,
  EmptyState,
  Flex,
  Heading,
  Link,
  PageHeading,
  Stack,
  Text,
  VStack,
} from '@loyalty/shared/ui';
import { Skeleton } from '@loyalty/shared/ui-data-display';
import { Link as RouterLink, paths } from '@loyalty/shared/router';
import { accessibleText, formatDate, formatNumber, useTranslation } from '@loyalty/shared/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelVoucherMutationOptions,
  voucherRefusal,
  vouchersQueryOptions,
  type Transaction,
  type Voucher,
} from '@loyalty/shared/api';
import { messageText, serverMessage, type ServerMessage } from '@loyalty/shared/api/messages';
import { ErrorPanel } from '@loyalty/shared/ui';
import { localized } from '../../components/localized-text';
import { transactionPath } from '../../components/statement/transaction-path';
import { ConfirmDialog } from '@loyalty/shared/ui-dialogs';
import { RewardIcon } from '../../components/reward-icon';
import { VoucherDetails } from '../../components/vouchers/voucher-details';
import { VoucherStateBadge } from './voucher-state-badge';

type Outcome =
  | { kind: 'cancelled'; voucher: Voucher; transaction: Transaction; balance: number }
  | { kind: 'refused'; message: ServerMessage }
  | null;

const REFUSAL_KEYS = {
  notCancellable: 'vouchers.errors.not_cancellable',
  windowClosed: 'vouchers.errors.window_closed',
} as const;

/**
 * `/dashboard/my-rewards`: the member's vouchers, newest first, each with its state, code and
 * validity; an unused one inside its cancellation window can be cancelled through a confirm step,
 * which credits its points back. The outcome is said at the top and takes the focus; a refusal
 * (used or cancelled meanwhile, window closed) is said in the member's language and the list is
 * asked for again.
 */
export function MyRewardsPage() {
  const { t, i18n } = useTranslation(['points', 'common']);
  const format = (value: number) => formatNumber(value, i18n.language);
  const vouchers = useQuery({ ...vouchersQueryOptions(), refetchOnMount: 'always' });
  const cancel = useMutation(cancelVoucherMutationOptions(useQueryClient()));
  const [confirming, setConfirming] = useState<Voucher | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const outcomeRef = useRef<HTMLDivElement | null>(null);

  const confirm = async () => {
    if (!confirming || cancel.isPending) return;
    const voucher = confirming;
    try {
      const response = await cancel.mutateAsync(voucher.id);
      setOutcome({
        kind: 'cancelled',
        voucher: response.data.voucher,
        transaction: response.data.transaction,
        balance: response.data.balance.pointBalance,
      });
    } catch (error) {
      const refusal = voucherRefusal(error);
      setOutcome({
        kind: 'refused',
        message: refusal ? { key: REFUSAL_KEYS[refusal] } : serverMessage(error, 'common:errors.generic'),
      });
    } finally {
      setConfirming(null);
    }
  };

  return (
    <Stack gap="6">
      <Stack gap="1">
        <PageHeading>{t('vouchers.title')}</PageHeading>
        <Text color="fg.muted">
          {t('vouchers.intro')}{' '}
          <Link asChild fontWeight="semibold">
            <RouterLink to={paths.dashboard.rewards}>{t('vouchers.catalogue_link')}</RouterLink>
          </Link>
        </Text>
      </Stack>

      {/* The outcome takes the focus the confirmation dialog gives back. */}
      {outcome ? (
        <Box data-testid="voucher-outcome">
          {outcome.kind === 'cancelled' ? (
            <ActionOutcome
              ref={outcomeRef}
              status="success"
              title={t('vouchers.cancelled', {
                count: outcome.voucher.points,
                reward: localized(outcome.voucher.name, i18n.language),
                points: format(outcome.voucher.points),
                balance: format(outcome.balance),
              })}
            >
              <Link asChild fontWeight="semibold">
                <RouterLink to={transactionPath(outcome.transaction.transactionNumber)}>
                  {t('vouchers.see_refund')}
                </RouterLink>
              </Link>
            </ActionOutcome>
          ) : (
            <ActionOutcome ref={outcomeRef} status="error" title={messageText(outcome.message, t)} />
          )}
        </Box>
      ) : null}

      {vouchers.isError ? (
        <ErrorPanel title={t('vouchers.error')} onRetry={() => void vouchers.refetch()} />
      ) : !vouchers.isSuccess ? (
        <Stack gap="4" aria-busy="true" aria-label={accessibleText(t('vouchers.loading'))}>
          {[0, 1].map((index) => (
            <Skeleton key={index} height="40" />
          ))}
        </Stack>
      ) : vouchers.data.length === 0 ? (
        <EmptyState.Root role="status">
          <EmptyState.Content>
            <VStack textAlign="center">
              <EmptyState.Title>{t('vouchers.empty_title')}</EmptyState.Title>
              <EmptyState.Description>{t('vouchers.empty_text')}</EmptyState.Description>
            </VStack>
            <Button asChild variant="outline">
              <RouterLink to={paths.dashboard.rewards}>{t('vouchers.catalogue_link')}</RouterLink>
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Stack as="ul" gap="4" listStyleType="none" aria-label={accessibleText(t('vouchers.list_label'))}>
          {vouchers.data.map((voucher) => {
            const name = localized(voucher.name, i18n.language);
            const headingId = `voucher-${voucher.id}`;
            return (
              <li key={voucher.id}>
                <Card.Root as="article" aria-labelledby={headingId} data-testid="voucher-card">
                  <Card.Body>
                    <Stack gap="4">
                      <Flex gap="3" alignItems="center" justifyContent="space-between" wrap="wrap">
                        <Flex gap="3" alignItems="center" minWidth="0">
                          <RewardIcon icon={voucher.icon} />
                          <Stack gap="0" minWidth="0">
                            <Heading as="h2" size="md" id={headingId}>
                              {name}
                            </Heading>
                            <Text fontSize="sm" color="fg.muted">
                              {t('vouchers.points', { count: voucher.points, points: format(voucher.points) })}
                            </Text>
                          </Stack>
                        </Flex>
                        <VoucherStateBadge state={voucher.state} />
                      </Flex>
                      <VoucherDetails voucher={voucher} />
                      {voucher.cancellable ? (
                        <Flex gap="3" alignItems="center" justifyContent="space-between" wrap="wrap">
                          <Text fontSize="sm" color="fg.muted">
                            {t('vouchers.cancellable_until', {
                              date: formatDate(voucher.cancellableUntil, i18n.language),
                            })}
                          </Text>
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={accessibleText(t('vouchers.cancel_named', { reward: name }))}
                            onClick={() => {
                              // A new outcome mounts anew, and so takes the focus.
                              setOutcome(null);
                              setConfirming(voucher);
                            }}
                          >
                            {t('vouchers.cancel')}
                          </Button>
                        </Flex>
                      ) : null}
                    </Stack>
                  </Card.Body>
                </Card.Root>
              </li>
            );
          })}
        </Stack>
      )}

      <ConfirmDialog
        open={confirming !== null}
        title={t('vouchers.confirm_title')}
        text={
          confirming
            ? t('vouchers.confirm_text', {
                count: confirming.points,
                reward: localized(confirming.name, i18n.language),
                points: format(confirming.points),
              })
            : null
        }
        action={t('vouchers.confirm_action')}
        sending={cancel.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(null)}
        // Confirmed, the focus goes to the outcome (the voucher's Cancel button is gone by then).
        finalFocusEl={() => outcomeRef.current}
      />
    </Stack>
  );
}
