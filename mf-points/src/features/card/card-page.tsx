import { List, PageHeading, SimpleGrid, Stack, Text } from '@loyalty/shared/ui';
import { Skeleton } from '@loyalty/shared/ui-data-display';
import { useTranslation } from '@loyalty/shared/i18n';
import { useSession } from '@loyalty/shared/session';
import { MembershipCard } from '../../components/card/membership-card';
import { ScannableCodes } from './scannable-codes';

/**
 * `/dashboard/card`: the membership card with its number as codes to scan at a front desk. The
 * codes' library (bwip-js) comes with this page only, never with the dashboard.
 */
export function CardPage() {
  const { t } = useTranslation('points');
  const memberNumber = useSession((state) => state.user?.MemberNumber);

  return (
    <Stack gap="6">
      <Stack gap="1">
        <PageHeading>{t('card_page.title')}</PageHeading>
        <Text color="fg.muted">{t('card_page.intro')}</Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <Stack gap="4">
          {memberNumber ? <ScannableCodes memberNumber={memberNumber} /> : <Skeleton height="80" />}
          <List.Root gap="1" color="fg.muted" fontSize="sm">
            <List.Item>{t('card_page.tip_brightness')}</List.Item>
            <List.Item>{t('card_page.tip_number')}</List.Item>
          </List.Root>
        </Stack>
        <MembershipCard />
      </SimpleGrid>
    </Stack>
  );
}
