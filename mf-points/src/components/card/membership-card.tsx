import { Box, Flex, Heading, Link, Stack, Text } from '@loyalty/shared/ui';
import { Progress, Skeleton } from '@loyalty/shared/ui-data-display';
import { Link as RouterLink, paths } from '@loyalty/shared/router';
import { formatNumber, tierName, useTranslation } from '@loyalty/shared/i18n';
import { useSession } from '@loyalty/shared/session';
import { useQuery } from '@tanstack/react-query';
import { balanceQueryOptions, tiersQueryOptions } from '@loyalty/shared/api';
import { ErrorPanel, tierLook } from '@loyalty/shared/ui';
import { TierBadge } from './tier-badge';
import { groupedMemberNumber } from './member-number';
import { ExpiryNotice } from '../points/expiry-notice';
import { useCriterionValue } from '../points/criterion-text';

export interface MembershipCardProps {
  /** Whether the card links to its page, where its codes are shown to be scanned. */
  linkToCodes?: boolean;
}

/**
 * The membership card: who the member is (name, card number), their tier in its colour, and the
 * balance as the page's main figure with its unit, then what is pending and the way to the next
 * tier. Built from the session and two queries the dashboard asks for at start-up.
 */
export function MembershipCard({ linkToCodes = false }: MembershipCardProps) {
  const { t, i18n } = useTranslation('points');
  const user = useSession((state) => state.user);
  const balance = useQuery(balanceQueryOptions());
  const tiers = useQuery(tiersQueryOptions());
  const look = tierLook(tiers.data?.current);
  const format = (value: number) => formatNumber(value, i18n.language);
  const criterionValue = useCriterionValue();
  const loading = !balance.isSuccess && !balance.isError;
  const next = tiers.data?.next ?? null;

  return (
    <Box
      as="section"
      aria-labelledby="membership-card-heading"
      aria-busy={loading || tiers.isPending}
      borderRadius="2xl"
      padding={{ base: '5', md: '8' }}
      boxShadow="lg"
      style={{ background: look.background, color: look.foreground }}
      data-testid="membership-card"
    >
      <Flex justifyContent="space-between" alignItems="start" gap="3">
        <Stack gap="0.5" minWidth="0">
          <Text fontSize="xs" fontWeight="semibold" letterSpacing="wider" textTransform="uppercase">
            {t('card.label')}
          </Text>
          <Heading as="h2" id="membership-card-heading" size={{ base: 'lg', md: 'xl' }} overflowWrap="anywhere">
            {user?.FullName}
          </Heading>
        </Stack>
        {tiers.isSuccess ? <TierBadge tier={tiers.data.current} look={look} /> : null}
      </Flex>

      {balance.isError ? (
        <Box marginTop="5" bg="bg.panel" color="fg" borderRadius="l2">
          <ErrorPanel title={t('balance.error')} headingLevel={3} onRetry={() => void balance.refetch()} />
        </Box>
      ) : (
        <Stack gap="1" marginTop={{ base: '5', md: '7' }}>
          <Text fontSize="sm" fontWeight="medium">
            {t('card.balance_label')}
          </Text>
          {/* The skeleton holds the figure's place, so nothing moves when it arrives. */}
          <Skeleton loading={loading} minHeight="14" maxWidth="64">
            <Text as="p" display="flex" alignItems="baseline" gap="2" lineHeight="1">
              <Text
                as="span"
                fontSize={{ base: '5xl', md: '6xl' }}
                fontWeight="bold"
                data-testid="balance-pointBalance"
              >
                {format(balance.data?.pointBalance ?? 0)}
              </Text>
              <Text as="span" fontSize="xl" fontWeight="semibold">
                {t('card.unit')}
              </Text>
            </Text>
          </Skeleton>
          <Flex gap="6" marginTop="2" wrap="wrap">
            {(['pointsPending', 'totalClaimed'] as const).map((figure) => (
              <Stack gap="0" key={figure}>
                <Text fontSize="xs">{t(figure === 'pointsPending' ? 'balance.pending' : 'balance.total_claimed')}</Text>
                <Text fontSize="lg" fontWeight="bold" data-testid={`balance-${figure}`}>
                  {format(balance.data?.[figure] ?? 0)}
                </Text>
              </Stack>
            ))}
          </Flex>
          <ExpiryNotice fontSize="sm" fontWeight="medium" marginTop="2" />
        </Stack>
      )}

      {tiers.isSuccess && next ? (
        <Progress.Root
          value={Math.min(100, Math.floor((tiers.data.progress.value / Math.max(1, tiers.data.progress.target)) * 100))}
          max={100}
          marginTop="5"
          size="sm"
        >
          <Progress.Label fontSize="sm" fontWeight="medium" marginBottom="1.5" data-testid="card-progress">
            {t(`card.progress_${next.criterion}`, {
              count: tiers.data.progress.target,
              value: criterionValue(next, tiers.data.progress.value),
              target: criterionValue(next, tiers.data.progress.target),
              tier: tierName(next.name, i18n.language),
            })}
          </Progress.Label>
          <Progress.Track borderRadius="full" style={{ background: 'rgba(127, 127, 127, 0.35)' }}>
            <Progress.Range style={{ background: look.foreground }} />
          </Progress.Track>
        </Progress.Root>
      ) : tiers.isSuccess ? (
        <Text marginTop="5" fontSize="sm" fontWeight="medium">
          {t('tiers.state.all_unlocked')}
        </Text>
      ) : null}

      {/* On a phone the link sits under the number whatever the font: with the fallback font the
          two did not fit on one line, with the web font they did, and the card shrank when it
          arrived (a layout shift of 0.08 on the dashboard). */}
      <Flex
        marginTop={{ base: '5', md: '7' }}
        direction={{ base: 'column', sm: 'row' }}
        justifyContent="space-between"
        alignItems={{ base: 'start', sm: 'end' }}
        gap="3"
        wrap="wrap"
      >
        <Stack gap="0">
          <Text fontSize="xs" textTransform="uppercase" letterSpacing="wider">
            {t('card.member_number')}
          </Text>
          {/* A number reads left to right on an Arabic page too. */}
          <Text as="span" fontFamily="mono" fontSize="lg" fontWeight="semibold" dir="ltr" data-testid="card-number">
            {user?.MemberNumber ? groupedMemberNumber(user.MemberNumber) : ''}
          </Text>
        </Stack>
        {linkToCodes ? (
          <Link
            asChild
            paddingInline="4"
            paddingBlock="2"
            minHeight="11"
            borderRadius="full"
            fontWeight="semibold"
            textDecoration="none"
            style={{ background: look.foreground, color: look.stops[0] }}
          >
            <RouterLink to={paths.dashboard.card}>{t('card.show_codes')}</RouterLink>
          </Link>
        ) : null}
      </Flex>
    </Box>
  );
}
