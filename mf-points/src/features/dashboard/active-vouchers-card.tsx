import { Card, Flex, Heading, Link, Stack, Text } from '@loyalty/shared/ui';
import { Link as RouterLink, paths } from '@loyalty/shared/router';
import { accessibleText, formatDate, useTranslation } from '@loyalty/shared/i18n';
import { useQuery } from '@tanstack/react-query';
import { vouchersQueryOptions } from '@loyalty/shared/api';
import { localized } from '../../components/localized-text';

/** How many active vouchers the dashboard names; the rest are a click away. */
const SHOWN = 3;

/**
 * The member's rewards still to use, compact: name, code and last day, with a way to "My rewards".
 * Nothing while they load, fail, or when there are none: the dashboard's other cards say what to do.
 */
export function ActiveVouchersCard() {
  const { t, i18n } = useTranslation('points');
  const { data } = useQuery(vouchersQueryOptions());
  const active = (data ?? []).filter((voucher) => voucher.state === 'active');
  if (active.length === 0) return null;

  return (
    <Card.Root as="section" aria-labelledby="active-vouchers-heading" data-testid="active-vouchers">
      <Card.Header display="flex" flexDirection="row" justifyContent="space-between" alignItems="baseline" gap="4">
        <Heading as="h2" size="md" id="active-vouchers-heading">
          {t('vouchers.dashboard_title')}
        </Heading>
        <Link asChild fontWeight="medium">
          <RouterLink to={paths.dashboard.myRewards}>{t('vouchers.view_all')}</RouterLink>
        </Link>
      </Card.Header>
      <Card.Body>
        <Stack as="ul" gap="3" listStyleType="none" aria-label={accessibleText(t('vouchers.dashboard_title'))}>
          {active.slice(0, SHOWN).map((voucher) => (
            <Flex as="li" key={voucher.id} justifyContent="space-between" gap="3" wrap="wrap">
              <Stack gap="0" minWidth="0">
                <Text fontWeight="semibold">{localized(voucher.name, i18n.language)}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {t('vouchers.valid_until', { date: formatDate(voucher.validUntil, i18n.language) })}
                </Text>
              </Stack>
              <Text fontFamily="mono" fontWeight="semibold" dir="ltr">
                {voucher.code}
              </Text>
            </Flex>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
