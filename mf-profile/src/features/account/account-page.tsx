import { Badge, Button, Card, Heading, HStack, List, PageHeading, Stack, Text } from '@loyalty/shared/ui';
import { DataList, Skeleton } from '@loyalty/shared/ui-data-display';
import { Link as RouterLink, paths } from '@loyalty/shared/router';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';
import { useQuery } from '@tanstack/react-query';
import { accountGeneralQueryOptions, type AccountGeneral, type Country } from '@loyalty/shared/api';
import { displayName, formatDate, languageName, tierName, toLanguageCode } from '@loyalty/shared/i18n';
import { formatMoney } from '@loyalty/shared/i18n/money';
import { ErrorPanel, tierLook } from '@loyalty/shared/ui';
import { countryName } from '../../components/geo/country-options';
import { useCountries } from '../../components/geo/use-geo';
import { PasskeysSection } from './passkeys-section';

/** `/dashboard/user/account`: who the member is, their tier and their membership plan with its price. */
export function AccountPage() {
  const { t } = useTranslation('profile');
  const account = useQuery(accountGeneralQueryOptions());

  return (
    <Stack gap="6" maxWidth="4xl">
      <PageHeading>{t('account.title')}</PageHeading>
      {account.isError ? (
        <ErrorPanel title={t('account.load_error')} onRetry={() => void account.refetch()} />
      ) : account.isSuccess ? (
        <>
          <AccountDetails account={account.data} />
          <PasskeysSection />
        </>
      ) : (
        <Stack gap="4" role="status" aria-label={accessibleText(t('account.loading'))}>
          <Skeleton height="40" />
          <Skeleton height="32" />
        </Stack>
      )}
    </Stack>
  );
}

function AccountDetails({ account }: { account: AccountGeneral }) {
  const { t, i18n } = useTranslation('profile');
  const language = toLanguageCode(i18n.language);
  const look = tierLook(account.tier);
  const countries = useCountries();
  const country: Country | undefined =
    countries.status === 'ready' ? countries.data.find((entry) => entry.code === account.country) : undefined;

  const details = [
    { key: 'full_name', label: t('account.full_name'), value: account.fullName },
    { key: 'email', label: t('account.email'), value: account.email },
    { key: 'phone', label: t('account.phone'), value: account.mobileNumber, ltr: true },
    {
      key: 'country',
      label: t('account.country'),
      value: country
        ? countryName(country, language)
        : (displayName('region', account.country, language) ?? account.country),
    },
    { key: 'language', label: t('account.language'), value: languageName(account.preferredLanguage, language) },
    { key: 'member_since', label: t('account.member_since'), value: formatDate(account.memberSince, language, 'long') },
  ];

  return (
    <>
      <Card.Root>
        <Card.Header>
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Heading as="h2" size="lg">
              {t('account.details_title')}
            </Heading>
            {/* In the tier's own colours, those of the membership card (`tierLook`). */}
            <Badge size="lg" style={{ background: look.background, color: look.foreground }} data-testid="account-tier">
              {account.tier ? t('account.tier', { tier: tierName(account.tier.name, language) }) : t('account.no_tier')}
            </Badge>
          </HStack>
        </Card.Header>
        <Card.Body>
          <DataList.Root
            orientation="vertical"
            display="grid"
            gridTemplateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }}
            gap="5"
          >
            {details.map(({ key, label, value, ltr }) => (
              <DataList.Item key={key}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue data-testid={`account-${key}`} justifyContent="flex-start" overflowWrap="anywhere">
                  {/* A phone number reads left to right even on an Arabic page. */}
                  {ltr && value ? <bdi dir="ltr">{value}</bdi> : value || t('account.not_set')}
                </DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Card.Body>
        <Card.Footer gap="3" flexWrap="wrap">
          <Button asChild variant="outline">
            <RouterLink to={paths.dashboard.user.editProfile}>{t('account.edit_profile')}</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={paths.dashboard.user.changePassword}>{t('account.change_password')}</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={paths.dashboard.user.communication}>{t('account.communication')}</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={paths.dashboard.user.data}>{t('account.your_data')}</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={paths.dashboard.user.sessions}>{t('account.sessions')}</RouterLink>
          </Button>
        </Card.Footer>
      </Card.Root>

      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="lg">
            {t('plan.title')}
          </Heading>
        </Card.Header>
        <Card.Body>
          <Stack gap="3">
            <HStack justify="space-between" alignItems="baseline" wrap="wrap" gap="3">
              <Text fontSize="xl" fontWeight="semibold" data-testid="plan-name">
                {account.plan.plan}
              </Text>
              <Text fontSize="xl" fontWeight="bold" data-testid="plan-price">
                {t('plan.price', {
                  price: formatMoney(account.plan.price.amount, account.plan.price.currency, language),
                })}
              </Text>
            </HStack>
            <List.Root gap="1" variant="plain">
              <List.Item>{t('plan.billed_monthly')}</List.Item>
              {account.plan.taxesExtra ? <List.Item>{t('plan.taxes_extra')}</List.Item> : null}
              <List.Item>{t('plan.payment_security', { security: account.plan.paymentSecurity })}</List.Item>
            </List.Root>
          </Stack>
        </Card.Body>
      </Card.Root>
    </>
  );
}
