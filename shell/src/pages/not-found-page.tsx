import { Button, Center, PageHeading, Text, VStack } from '@loyalty/shared/ui';
import { Link as RouterLink, paths } from '@loyalty/shared/router';
import { useTranslation } from '@loyalty/shared/i18n';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <Center as="main" minHeight="100dvh" padding="6">
      <VStack gap="4" textAlign="center" maxWidth="md">
        <Text fontSize="6xl" fontWeight="bold" color="colorPalette.fg" aria-hidden="true">
          404
        </Text>
        <PageHeading size="xl">{t('not_found.title')}</PageHeading>
        <Text color="fg.muted">{t('not_found.description')}</Text>
        <Button asChild>
          <RouterLink to={paths.root}>{t('not_found.home')}</RouterLink>
        </Button>
      </VStack>
    </Center>
  );
}
