import { useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  EmptyState,
  Flex,
  Link,
  PageHeading,
  SimpleGrid,
  Stack,
  Text,
  VStack,
} from '@loyalty/shared/ui';
import { Skeleton } from '@loyalty/shared/ui-data-display';
import { Link as RouterLink, paths, useSearchParams } from '@loyalty/shared/router';
import { accessibleText, formatNumber, useTranslation } from '@loyalty/shared/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  balanceQueryOptions,
  redeemRewardMutationOptions,
  rewardRefusal,
  rewardsQueryOptions,
  type Reward,
  type Transaction,
  type Voucher,
} from '@loyalty/shared/api';
import { TOLD_ELSEWHERE, serverMessage, messageText, type ServerMessage } from '@loyalty/shared/api/messages';
import { ErrorPanel } from '@loyalty/shared/ui';
import { localized } from '../../components/localized-text';
import { transactionPath } from '../../components/statement/transaction-path';
import { ConfirmDialog } from '@loyalty/shared/ui-dialogs';
import { VoucherDetails } from '../../components/vouchers/voucher-details';
import { RewardCard } from './reward-card';
import { categoriesIn, filterFromSearch, filterRewards, filterToSearch, type RewardsFilter } from './rewards-filter';
import { PAGE_TEXTS_NAMESPACE } from '../../components/page-texts/page-texts';

type Outcome =
  | { kind: 'redeemed'; reward: Reward; transaction: Transaction; balance: number; voucher: Voucher }
  | { kind: 'refused'; message: ServerMessage }
  | null;

const REFUSAL_KEYS = {
  soldOut: 'rewards.errors.sold_out',
  priceChanged: 'rewards.errors.price_changed',
  overBalance: 'rewards.errors.over_balance',
} as const;

/**
 * `/dashboard/rewards`: the catalogue, filtered by category or by what the balance pays for (kept in
 * the URL), each reward redeemed through a confirm step at the catalogue's price. The outcome is
 * said at the top of the page and takes the focus; a refusal (sold out, repriced, balance gone
 * down) is said in the member's language, and the catalogue and balance are asked for again.
 */
export function RewardsPage() {
  const { t, i18n } = useTranslation([PAGE_TEXTS_NAMESPACE, 'points', 'common'], { nsMode: 'fallback' });
  const format = (value: number) => formatNumber(value, i18n.language);
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = filterFromSearch(searchParams);
  const catalogue = useQuery(rewardsQueryOptions());
  const balance = useQuery({ ...balanceQueryOptions(), refetchOnMount: 'always' });
  const redeem = useMutation(redeemRewardMutationOptions(useQueryClient()));
  const [confirming, setConfirming] = useState<Reward | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const outcomeRef = useRef<HTMLDivElement | null>(null);
  const available = balance.data?.pointBalance ?? null;

  const setFilter = (changes: Partial<RewardsFilter>) =>
    setSearchParams(filterToSearch({ ...filter, ...changes }), { replace: true });

  const showOutcome = (next: Outcome) => {
    setOutcome(next);
    // After the dialog has given the focus back: the outcome is what the member reads next.
    setTimeout(() => outcomeRef.current?.focus(), 0);
  };

  const confirm = async () => {
    if (!confirming || redeem.isPending) return;
    const reward = confirming;
    try {
      const response = await redeem.mutateAsync({ rewardId: reward.id, cost: reward.cost });
      showOutcome({
        kind: 'redeemed',
        reward,
        transaction: response.data.transaction,
        balance: response.data.balance.pointBalance,
        voucher: response.data.voucher,
      });
    } catch (error) {
      const refusal = rewardRefusal(error);
      const message = refusal ? { key: REFUSAL_KEYS[refusal] } : serverMessage(error, 'common:errors.generic');
      // The outcome is the page's own alert, not the forms kit's: told elsewhere, it shows none.
      showOutcome(message === TOLD_ELSEWHERE ? null : { kind: 'refused', message });
    } finally {
      setConfirming(null);
    }
  };

  // The featured reward leads, whenever the filter keeps it.
  const rewards = catalogue.isSuccess
    ? filterRewards(catalogue.data, filter, available ?? 0).sort((a, b) => Number(b.featured) - Number(a.featured))
    : [];

  return (
    <Stack gap="6">
      <Stack gap="1">
        <PageHeading>{t('rewards.title')}</PageHeading>
        <Text color="fg.muted">
          {available === null
            ? t('rewards.intro')
            : t('rewards.intro_balance', { count: available, points: format(available) })}{' '}
          <Link asChild fontWeight="semibold">
            <RouterLink to={paths.dashboard.myRewards}>{t('rewards.my_rewards_link')}</RouterLink>
          </Link>
        </Text>
      </Stack>

      {outcome ? (
        <Alert.Root
          status={outcome.kind === 'redeemed' ? 'success' : 'error'}
          role={outcome.kind === 'redeemed' ? 'status' : 'alert'}
          ref={outcomeRef}
          tabIndex={-1}
          data-testid="reward-outcome"
        >
          <Alert.Indicator />
          <Alert.Content>
            {outcome.kind === 'redeemed' ? (
              <>
                <Alert.Title>
                  {t('rewards.redeemed', {
                    count: outcome.reward.cost,
                    reward: localized(outcome.reward.name, i18n.language),
                    points: format(outcome.reward.cost),
                    balance: format(outcome.balance),
                  })}
                </Alert.Title>
                <Alert.Description>
                  <Stack gap="3" marginTop="2">
                    <VoucherDetails voucher={outcome.voucher} />
                    <Flex gap="4" wrap="wrap">
                      <Link asChild fontWeight="semibold">
                        <RouterLink to={paths.dashboard.myRewards}>{t('rewards.see_my_rewards')}</RouterLink>
                      </Link>
                      <Link asChild fontWeight="semibold">
                        <RouterLink to={transactionPath(outcome.transaction.transactionNumber)}>
                          {t('rewards.see_on_statement')}
                        </RouterLink>
                      </Link>
                    </Flex>
                  </Stack>
                </Alert.Description>
              </>
            ) : (
              <Alert.Title>{messageText(outcome.message, t)}</Alert.Title>
            )}
          </Alert.Content>
        </Alert.Root>
      ) : null}

      {/* On a phone the filters are one row that scrolls sideways, edge to edge, so the first rewards
          are on the first screen; from `md` they wrap. */}
      <Flex
        gap="2"
        wrap={{ base: 'nowrap', md: 'wrap' }}
        overflowX={{ base: 'auto', md: 'visible' }}
        marginInline={{ base: '-4', md: '0' }}
        paddingInline={{ base: '4', md: '0' }}
        paddingBlock="1"
        scrollbarWidth="thin"
        css={{ '& > button': { flexShrink: 0 } }}
        role="group"
        aria-label={accessibleText(t('rewards.filter_label'))}
        data-testid="reward-filters"
      >
        <Button
          size="sm"
          variant={filter.category === null ? 'solid' : 'outline'}
          aria-pressed={filter.category === null}
          onClick={() => setFilter({ category: null })}
        >
          {t('rewards.all_categories')}
        </Button>
        {catalogue.isSuccess
          ? categoriesIn(catalogue.data).map((category) => (
              <Button
                key={category}
                size="sm"
                variant={filter.category === category ? 'solid' : 'outline'}
                aria-pressed={filter.category === category}
                onClick={() => setFilter({ category })}
              >
                {t(`rewards.categories.${category}`)}
              </Button>
            ))
          : null}
        <Button
          size="sm"
          variant={filter.affordable ? 'solid' : 'outline'}
          aria-pressed={filter.affordable}
          onClick={() => setFilter({ affordable: !filter.affordable })}
        >
          {t('rewards.affordable')}
        </Button>
      </Flex>

      {catalogue.isError ? (
        <ErrorPanel title={t('rewards.error')} onRetry={() => void catalogue.refetch()} />
      ) : !catalogue.isSuccess ? (
        <SimpleGrid
          columns={{ base: 1, sm: 2, xl: 3 }}
          gap="4"
          aria-busy="true"
          aria-label={accessibleText(t('rewards.loading'))}
        >
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height="56" />
          ))}
        </SimpleGrid>
      ) : rewards.length === 0 ? (
        <EmptyState.Root role="status">
          <EmptyState.Content>
            <VStack textAlign="center">
              <EmptyState.Title>{t('rewards.empty_title')}</EmptyState.Title>
              <EmptyState.Description>{t('rewards.empty_text')}</EmptyState.Description>
            </VStack>
            <Button variant="outline" onClick={() => setFilter({ category: null, affordable: false })}>
              {t('rewards.show_all')}
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <SimpleGrid
          as="ul"
          columns={{ base: 1, sm: 2, xl: 3 }}
          gap="4"
          aria-label={accessibleText(t('rewards.list_label'))}
          listStyleType="none"
        >
          {rewards.map((reward, index) => (
            <Box as="li" key={reward.id} gridColumn={reward.featured ? '1 / -1' : undefined}>
              <RewardCard reward={reward} balance={available} onRedeem={setConfirming} eager={index < 3} />
            </Box>
          ))}
        </SimpleGrid>
      )}

      <Text fontSize="sm" color="fg.muted">
        {t('rewards.free_amount_text')}{' '}
        <Link asChild fontWeight="semibold">
          <RouterLink to={paths.dashboard.redeem}>{t('rewards.free_amount_link')}</RouterLink>
        </Link>
      </Text>

      <ConfirmDialog
        open={confirming !== null}
        title={t('rewards.confirm_title')}
        text={
          confirming
            ? t('rewards.confirm_text', {
                count: confirming.cost,
                reward: localized(confirming.name, i18n.language),
                points: format(confirming.cost),
                balance: format((available ?? 0) - confirming.cost),
              })
            : null
        }
        action={t('rewards.confirm_action')}
        sending={redeem.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
