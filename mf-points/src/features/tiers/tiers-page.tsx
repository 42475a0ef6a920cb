import { Badge, Card, Heading, List, PageHeading, SimpleGrid, Stack, Text, tierLook } from '@loyalty/shared/ui';
import { ErrorPanel } from '@loyalty/shared/ui';
import { Skeleton } from '@loyalty/shared/ui-data-display';
import { accessibleText, formatDate, tierName, useTranslation } from '@loyalty/shared/i18n';
import { tiersQueryOptions, type Tiers } from '@loyalty/shared/api';
import { useQuery } from '@tanstack/react-query';
import { TierProgress } from '../../components/tiers/tier-progress';
import { useCriterionText } from '../../components/points/criterion-text';

/**
 * `/dashboard/tiers` (docs/product/tiers.md): what each tier gives, the member's own highlighted, the progress to the
 * next in the unit that counts, how long the status holds, and what the annual check does.
 */
export function TiersPage() {
  const { t } = useTranslation('points');
  const { data: tiers, isError, isSuccess, refetch } = useQuery(tiersQueryOptions());

  return (
    <Stack gap="6">
      <Stack gap="1">
        <PageHeading>{t('tier_page.title')}</PageHeading>
        <Text color="fg.muted">{t('tier_page.intro')}</Text>
      </Stack>
      {isError ? (
        <ErrorPanel title={t('tiers.error')} onRetry={() => void refetch()} />
      ) : !isSuccess ? (
        <Stack gap="3" aria-busy="true">
          <Skeleton height="24" />
          <Skeleton height="48" />
        </Stack>
      ) : (
        <TierExplained tiers={tiers} />
      )}
    </Stack>
  );
}

function TierExplained({ tiers }: { tiers: Tiers }) {
  const { t, i18n } = useTranslation('points');
  const language = i18n.language;
  const criterionText = useCriterionText();
  const qualification = tiers.qualification;
  const checkDay = qualification ? formatDate(qualification.periodEnd, language, 'long') : '';

  return (
    <>
      <Card.Root as="section" aria-labelledby="tier-status-heading">
        <Card.Header>
          <Heading as="h2" size="md" id="tier-status-heading">
            {t('tier_page.status_heading')}
          </Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            {qualification && tiers.current ? (
              <Stack gap="1">
                <Text fontWeight="semibold" data-testid="status-valid-until">
                  {t('tier_page.valid_until', {
                    tier: tierName(tiers.current.name, language),
                    date: formatDate(qualification.statusValidUntil, language, 'long'),
                  })}
                </Text>
                <Text color="fg.muted">
                  {t('tier_page.period', {
                    start: formatDate(qualification.periodStart, language, 'long'),
                    end: checkDay,
                  })}
                </Text>
              </Stack>
            ) : null}
            <TierProgress tiers={tiers} criterionText={criterionText} language={language} levels={false} />
          </Stack>
        </Card.Body>
      </Card.Root>

      <Stack as="section" gap="3" aria-labelledby="tier-benefits-heading">
        <Heading as="h2" size="md" id="tier-benefits-heading">
          {t('tier_page.benefits_heading')}
        </Heading>
        <SimpleGrid as="ul" columns={{ base: 1, md: 2, xl: 4 }} gap="4" listStyleType="none">
          {tiers.tiers.map((tier) => {
            const look = tierLook(tier);
            const isCurrent = tiers.current?.level === tier.level;
            const name = tierName(tier.name, language);
            return (
              <Card.Root
                as="li"
                key={tier.level}
                aria-current={isCurrent ? 'true' : undefined}
                aria-labelledby={`tier-${tier.level}-name`}
                borderWidth={isCurrent ? '3px' : '1px'}
                borderColor={isCurrent ? 'colorPalette.solid' : 'border'}
                overflow="hidden"
              >
                <Stack gap="1" padding="4" style={{ background: look.background, color: look.foreground }}>
                  <Heading as="h3" size="md" id={`tier-${tier.level}-name`} style={{ color: look.foreground }}>
                    {name}
                  </Heading>
                  <Text fontSize="sm">
                    {t('tier_page.threshold', { criterion: criterionText(tier, tier.threshold) })}
                  </Text>
                  {isCurrent ? (
                    <Badge alignSelf="start" style={{ background: look.foreground, color: look.stops[0] }}>
                      {t('tier_page.your_tier')}
                    </Badge>
                  ) : null}
                </Stack>
                <Card.Body>
                  <List.Root
                    gap="1"
                    fontSize="sm"
                    aria-label={accessibleText(t('tier_page.benefits_of', { tier: name }))}
                  >
                    {(tier.benefits ?? []).map((benefit) => (
                      <List.Item key={benefit}>
                        {t(`tier_page.benefit.${benefit}`, { defaultValue: benefit })}
                      </List.Item>
                    ))}
                  </List.Root>
                </Card.Body>
              </Card.Root>
            );
          })}
        </SimpleGrid>
      </Stack>

      <Card.Root as="section" aria-labelledby="tier-check-heading">
        <Card.Header>
          <Heading as="h2" size="md" id="tier-check-heading">
            {t('tier_page.check_heading')}
          </Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="2">
            <Text>{t('tier_page.check_intro', { date: checkDay })}</Text>
            <List.Root gap="1">
              <List.Item>{t('tier_page.check_kept')}</List.Item>
              <List.Item>{t('tier_page.check_up')}</List.Item>
              <List.Item>{t('tier_page.check_down')}</List.Item>
            </List.Root>
          </Stack>
        </Card.Body>
      </Card.Root>
    </>
  );
}
