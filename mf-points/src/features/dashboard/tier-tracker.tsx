import { Badge, Box, Card, Heading, HStack, List, Stack, Text } from '@loyalty/shared/ui';
import { Progress, Skeleton } from '@loyalty/shared/ui-data-display';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';
import type { Tiers } from '@loyalty/shared/api';
import { formatNumber, tierName } from '@loyalty/shared/i18n';
import { useQuery } from '@tanstack/react-query';
import { tiersQueryOptions } from '@loyalty/shared/api';
import { isTierReached, tierProgressView } from './tier-state';
import { ErrorPanel } from '@loyalty/shared/ui';
import { useCriterionText } from '../../components/points/criterion-text';

/**
 * docs/product/points.md "Tier progress": every level with its criterion, where the member stands, and what is
 * left to the next level — said in words and by a progressbar with values, never by colour alone.
 */
export function TierTracker() {
  const { t, i18n } = useTranslation('points');
  const { data: tiers, isError, isSuccess, refetch } = useQuery(tiersQueryOptions());
  const criterionText = useCriterionText();

  return (
    <Card.Root as="section" aria-labelledby="tiers-heading">
      <Card.Header>
        <Heading as="h2" size="md" id="tiers-heading">
          {t('tiers.title')}
        </Heading>
      </Card.Header>
      <Card.Body>
        {isError ? (
          <ErrorPanel title={t('tiers.error')} onRetry={() => void refetch()} />
        ) : !isSuccess ? (
          <Stack gap="3" aria-busy="true">
            <Skeleton height="6" />
            <Skeleton height="3" />
            <Skeleton height="16" />
          </Stack>
        ) : (
          <TierProgress tiers={tiers} criterionText={criterionText} language={i18n.language} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function TierProgress({
  tiers,
  criterionText,
  language,
}: {
  tiers: Tiers;
  criterionText: ReturnType<typeof useCriterionText>;
  language: string;
}) {
  const { t } = useTranslation('points');
  const view = tierProgressView(tiers);
  const { value, target } = tiers.progress;

  const message =
    view.state === 'all_unlocked'
      ? t('tiers.state.all_unlocked')
      : t(`tiers.state.${view.state}`, {
          tier: view.next ? tierName(view.next.name, language) : '',
          remaining: criterionText(view.next ?? { criterion: 'points' }, view.remaining),
        });

  return (
    <Stack gap="5">
      <Stack gap="1">
        <Text data-testid="current-tier">
          {tiers.current ? t('tiers.current', { tier: tierName(tiers.current.name, language) }) : t('tiers.no_tier')}
        </Text>
        <Text fontWeight="semibold" data-testid="tier-state">
          {message}
        </Text>
      </Stack>
      {view.next ? (
        <Progress.Root value={view.percent} max={100}>
          <HStack justifyContent="space-between">
            <Progress.Label>{t('tiers.progress_label', { tier: tierName(view.next.name, language) })}</Progress.Label>
            <Text fontSize="sm" color="fg.muted">
              {t('tiers.progress_value', {
                value: formatNumber(value, language),
                target: criterionText(view.next, target),
              })}
            </Text>
          </HStack>
          <Progress.Track
            aria-label={accessibleText(t('tiers.progress_label', { tier: tierName(view.next.name, language) }))}
            aria-valuetext={accessibleText(
              t('tiers.progress_value', {
                value: formatNumber(value, language),
                target: criterionText(view.next, target),
              }),
            )}
          >
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
      <List.Root as="ol" variant="plain" gap="2" aria-label={accessibleText(t('tiers.levels'))}>
        {tiers.tiers.map((tier) => {
          const reached = isTierReached(tier, tiers);
          const isCurrent = tiers.current?.level === tier.level;
          return (
            <List.Item
              key={tier.level}
              display="flex"
              justifyContent="space-between"
              alignItems="center"
              gap="3"
              padding="2"
              borderRadius="l2"
              borderWidth="1px"
              borderColor={isCurrent ? 'colorPalette.solid' : 'border'}
            >
              <Box>
                <Text fontWeight="semibold">{tierName(tier.name, language)}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {criterionText(tier, tier.threshold)}
                </Text>
              </Box>
              <Badge colorPalette={isCurrent ? undefined : reached ? 'green' : 'gray'} variant="subtle">
                {isCurrent ? t('tiers.badge_current') : reached ? t('tiers.badge_reached') : t('tiers.badge_locked')}
              </Badge>
            </List.Item>
          );
        })}
      </List.Root>
    </Stack>
  );
}
