import { Badge, Box, Button, Card, Flex, Heading, Stack, Text } from '@loyalty/shared/ui';
import { accessibleText, formatNumber, useTranslation } from '@loyalty/shared/i18n';
import type { Reward } from '@loyalty/shared/api';
import { localized } from '../../components/localized-text';
import { RewardPicture } from './reward-picture';
import { PAGE_TEXTS_NAMESPACE } from '../../components/page-texts/page-texts';

/** Units left are said from this many down; above, a counted reward simply reads as available. */
export const FEW_LEFT = 10;

/**
 * One reward of the catalogue: its picture, what it is, what it costs, whether it can be had, and
 * Redeem. On a phone the picture is a square beside the text, the featured reward's too, so two
 * rewards fit the first screen; from `sm` it tops the card; from `md` the featured reward, across
 * the row, has it beside its text.
 */
export function RewardCard({
  reward,
  balance,
  onRedeem,
  eager = false,
}: {
  reward: Reward;
  /** The available balance, or null while it loads. */
  balance: number | null;
  onRedeem: (reward: Reward) => void;
  /** Among the first a member sees: its picture is not left to load lazily. */
  eager?: boolean;
}) {
  const featured = reward.featured;
  const { t, i18n } = useTranslation([PAGE_TEXTS_NAMESPACE, 'points'], { nsMode: 'fallback' });
  const format = (value: number) => formatNumber(value, i18n.language);
  const name = localized(reward.name, i18n.language);
  const missing = balance === null ? 0 : Math.max(0, reward.cost - balance);
  const headingId = `reward-${reward.id}`;

  return (
    <Card.Root
      as="article"
      aria-labelledby={headingId}
      height="full"
      overflow="hidden"
      flexDirection={{ base: 'row', sm: 'column', md: featured ? 'row' : 'column' }}
      data-testid="reward-card"
      data-featured={featured || undefined}
    >
      <Box
        flexShrink={0}
        width={{ base: '24', sm: 'full', md: featured ? '1/3' : 'full' }}
        margin={{ base: '4', sm: '0' }}
        marginEnd="0"
        borderRadius={{ base: 'l2', sm: '0' }}
        overflow="hidden"
        alignSelf={{ base: 'flex-start', sm: 'stretch' }}
      >
        <RewardPicture
          image={reward.image}
          eager={eager}
          sizes={
            featured
              ? '(min-width: 80em) 28rem, (min-width: 48em) 33vw, (min-width: 30em) 100vw, 6rem'
              : '(min-width: 80em) 24rem, (min-width: 30em) 45vw, 6rem'
          }
          aspectRatio={{ base: '1', sm: '16 / 9' }}
        />
      </Box>
      <Card.Body padding={{ base: '4', sm: '6' }} minWidth="0">
        <Stack gap="3" height="full">
          <Flex gap="3" alignItems="center">
            <Stack gap="0" minWidth="0">
              {featured ? (
                <Badge alignSelf="flex-start" colorPalette="orange" variant="solid" marginBottom="1">
                  {t('rewards.featured')}
                </Badge>
              ) : null}
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
