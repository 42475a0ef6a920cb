import { Badge, Box, HStack, List, Stack, Text } from '@loyalty/shared/ui';
import { Progress } from '@loyalty/shared/ui-data-display';
import { accessibleText, tierName, useTranslation } from '@loyalty/shared/i18n';
import { useCriterionValue, type useCriterionText } from '../points/criterion-text';
import type { Tiers } from '@loyalty/shared/api';
import { isTierReached, tierProgressView } from './tier-state';

/** Where the member stands and the bar to the next tier; `levels` adds the list of every tier with its badge. */
export function TierProgress({
  tiers,
  criterionText,
  language,
  levels = true,
}: {
  tiers: Tiers;
  criterionText: ReturnType<typeof useCriterionText>;
  language: string;
  levels?: boolean;
}) {
  const { t } = useTranslation('points');
  const criterionValue = useCriterionValue();
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
                value: criterionValue(view.next, value),
                target: criterionText(view.next, target),
              })}
            </Text>
          </HStack>
          <Progress.Track
            aria-label={accessibleText(t('tiers.progress_label', { tier: tierName(view.next.name, language) }))}
            aria-valuetext={accessibleText(
              t('tiers.progress_value', {
                value: criterionValue(view.next, value),
                target: criterionText(view.next, target),
              }),
            )}
          >
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
      {levels ? (
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
      ) : null}
    </Stack>
  );
}
