import { Card, PageHeading, SimpleGrid, Stack, Text } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import { ClaimPointsForm } from './claim-form';
import { PendingPointsCard } from '../../components/points/pending-points-card';
import { PAGE_TEXTS_NAMESPACE } from '../../components/page-texts/page-texts';

/** The claim form beside the pending credits, which a successful claim visibly adds to. */
export function ClaimPage() {
  const { t } = useTranslation([PAGE_TEXTS_NAMESPACE, 'points'], { nsMode: 'fallback' });
  return (
    <Stack gap="6">
      <Stack gap="1">
        <PageHeading>{t('claim.title')}</PageHeading>
        <Text color="fg.muted">{t('claim.intro')}</Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <Card.Root>
          <Card.Body>
            <ClaimPointsForm />
          </Card.Body>
        </Card.Root>
        <PendingPointsCard />
      </SimpleGrid>
    </Stack>
  );
}
