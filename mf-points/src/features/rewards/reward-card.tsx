import { Badge, Button, Card, Flex, Heading, Stack, Text } from '@loyalty/shared/ui';
import { accessibleText, formatNumber, useTranslation } from '@loyalty/shared/i18n';
import type { Reward } from '@loyalty/shared/api';
import { localized } from '../../components/localized-text';
import { RewardIcon } from '../../components/reward-icon';

/** Units left are said from this many down; above, a counted reward simply reads as available. */
export const FEW_LEFT = 10;

/** One reward of the catalogue: what it is, what it costs, whether it can be had, and Redeem. */
export function RewardCard({
  reward,
  balance,
  onRedeem,
}: {
  reward: Reward;
  /** The available balance, or null while it loads. */
  balance: number | null;
  onRedeem: (reward: Reward) => void;
}) {
  const { t, i18n } = useTranslation('points');
  const format = (value: number) => formatNumber(value, i18n.language);
  const name = localized(reward.name, i18n.language);
  const missing = balance === null ? 0 : Math.max(0, reward.cost - balance);
  const headingId = `reward-${reward.id}`;

  return (
    <Card.Root as="article" aria-labelledby={headingId} height="full" data-testid="reward-card">
      <Card.Body padding={{ base: '4', sm: '6' }}>
        <Stack gap="3" height="full">
          <Flex gap="3" alignItems="center">
            <RewardIcon icon={reward.icon} />
            <Stack gap="0" minWidth="0">
              <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide" fontWeight="semibold">
                {t(`rewards.categories.${reward.category}`)}
              </Text>
              <Heading as="h2" size="md" id={headingId}>
                {name}
              </Heading>
            </Stack>
          </Flex>
          {/* Two lines on a phone, so two rewards fit a screen; whole from `sm`, where cards sit side by side. */}
          <Text color="fg.muted" fontSize="sm" flex="1" lineClamp={{ base: 2, sm: 'none' }}>
            {localized(reward.description, i18n.language)}
          </Text>
          <Flex justifyContent="space-between" alignItems="center" gap="3" wrap="wrap">
            <Stack gap="0">
              <Flex alignItems="center" gap="2" wrap="wrap">
                <Text fontWeight="bold" fontSize="lg" data-testid="reward-cost">
                  {t('rewards.cost', { count: reward.cost, points: format(reward.cost) })}
                </Text>
                {reward.soldOut ? (
                  <Badge colorPalette="gray" variant="solid">
                    {t('rewards.sold_out')}
                  </Badge>
                ) : reward.remaining !== null && reward.remaining <= FEW_LEFT ? (
                  <Badge colorPalette="orange" variant="subtle">
                    {t('rewards.few_left', { number: format(reward.remaining) })}
                  </Badge>
                ) : null}
              </Flex>
              {!reward.soldOut && missing > 0 ? (
                <Text fontSize="sm" color="fg.muted">
                  {t('rewards.missing', { count: missing, points: format(missing) })}
                </Text>
              ) : null}
            </Stack>
            <Button
              onClick={() => onRedeem(reward)}
              disabled={reward.soldOut || balance === null || missing > 0}
              aria-label={accessibleText(t('rewards.redeem_named', { reward: name }))}
            >
              {t('rewards.redeem')}
            </Button>
          </Flex>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
