import { Button, Text, VStack } from '@chakra-ui/react';
import { Link as RouterLink } from '@loyalty/shared/router';
import { useTranslation } from '@loyalty/shared/i18n';
import { PageHeading } from './page-heading';

/**
 * A page that does not exist, shown where the member asked for it: inside the signed-in frame or
 * the guest layout, at the address they typed or followed (docs/product/frame.md, "Routes"), with
 * a way back to `home`. The shell shows it for paths outside every remote; each remote for paths
 * inside its own slice.
 */
export function NotFound({ home }: { home: string }) {
  const { t } = useTranslation('common');
  return (
    <VStack gap="4" textAlign="center" maxWidth="md" marginInline="auto" paddingBlock={{ base: '6', md: '12' }}>
      <Text fontSize="6xl" lineHeight="1" fontWeight="bold" color="colorPalette.fg" aria-hidden="true">
        404
      </Text>
      <PageHeading size="xl">{t('not_found.title')}</PageHeading>
      <Text color="fg.muted">{t('not_found.description')}</Text>
      <Button asChild>
        <RouterLink to={home}>{t('not_found.home')}</RouterLink>
      </Button>
    </VStack>
  );
}
