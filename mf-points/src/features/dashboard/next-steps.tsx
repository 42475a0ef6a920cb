import { Button, Card, Flex, Heading, Stack, Text } from '@loyalty/shared/ui';
import { Skeleton } from '@loyalty/shared/ui-data-display';
import { Link as RouterLink, paths } from '@loyalty/shared/router';
import { formatDate, formatNumber, useTranslation } from '@loyalty/shared/i18n';
import { useQuery } from '@tanstack/react-query';
import { balanceQueryOptions, pendingPointsQueryOptions } from '@loyalty/shared/api';
import { nextStep, type Unlocking } from './next-step';
import { expiryText } from '../../components/points/expiry-text';

/** What to do next, by the member's state: claim, wait for a day, or spend (next-step.ts). */
export function NextSteps() {
  const { t, i18n } = useTranslation('points');
  const balance = useQuery(balanceQueryOptions());
  const pending = useQuery(pendingPointsQueryOptions());
  const ready = balance.isSuccess && pending.isSuccess;
  const step = ready ? nextStep(balance.data, pending.data) : null;
  // Within the programme's notice the member is told what keeps the points (docs/product/expiry.md).
  const expiring = balance.data?.nextExpiry?.soon ? balance.data.nextExpiry : null;
  const unlockText = (unlocking: Unlocking) =>
    t('next.unlocking', {
      count: unlocking.points,
      points: formatNumber(unlocking.points, i18n.language),
      date: formatDate(unlocking.date, i18n.language, 'long'),
    });

  return (
    <Card.Root as="section" aria-labelledby="next-steps-heading" aria-busy={!ready && !balance.isError}>
      <Card.Header>
        <Heading as="h2" size="md" id="next-steps-heading">
          {t('next.title')}
        </Heading>
      </Card.Header>
      <Card.Body>
        {!step ? (
          <Stack gap="3">
            <Skeleton height="5" />
            <Skeleton height="10" width="40" />
          </Stack>
        ) : (
          <Stack gap="4" data-testid="next-step" data-step={step.kind}>
            {expiring ? (
              <Text fontWeight="semibold" data-testid="next-step-expiry">
                {expiryText('next.expiry', expiring, i18n.language, t)}
              </Text>
            ) : null}
            {step.kind === 'claim_first' ? (
              <Text>{t('next.claim_first')}</Text>
            ) : step.kind === 'wait' ? (
              <Text>{unlockText(step.unlocking)}</Text>
            ) : (
              <Stack gap="1">
                <Text fontWeight="semibold">
                  {t('next.spend', { count: step.points, points: formatNumber(step.points, i18n.language) })}
                </Text>
                {step.unlocking ? <Text color="fg.muted">{unlockText(step.unlocking)}</Text> : null}
              </Stack>
            )}
            <Flex gap="3" wrap="wrap">
              {step.kind === 'spend' ? (
                <>
                  <Button asChild>
                    <RouterLink to={paths.dashboard.rewards}>{t('next.browse_rewards')}</RouterLink>
                  </Button>
                  <Button asChild variant="outline">
                    <RouterLink to={paths.dashboard.claim}>{t('dashboard.claim_cta_action')}</RouterLink>
                  </Button>
                </>
              ) : (
                <>
                  <Button asChild>
                    <RouterLink to={paths.dashboard.claim}>{t('dashboard.claim_cta_action')}</RouterLink>
                  </Button>
                  {step.kind === 'wait' ? (
                    <Button asChild variant="outline">
                      <RouterLink to={paths.dashboard.calendar}>{t('next.see_calendar')}</RouterLink>
                    </Button>
                  ) : (
                    <Button asChild variant="outline">
                      <RouterLink to={paths.dashboard.rewards}>{t('next.see_rewards')}</RouterLink>
                    </Button>
                  )}
                </>
              )}
            </Flex>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
