import { Box, Text } from '@chakra-ui/react';
import { useTranslation } from '@loyalty/shared/i18n';

/** docs/product/frame.md search-empty panel: what to say when a search finds nothing, or has no query yet. */
export function SearchNotFound({ query }: { query: string }) {
  const { t } = useTranslation('common');
  const trimmed = query.trim();
  if (!trimmed) {
    return (
      <Text role="status" color="fg.muted" textAlign="center" paddingBlock="6">
        {t('search.enter_keywords')}
      </Text>
    );
  }
  return (
    <Box role="status" textAlign="center" paddingBlock="6">
      <Text fontSize="lg" fontWeight="semibold" marginBottom="1">
        {t('search.not_found')}
      </Text>
      <Text color="fg.muted">
        {t('search.no_results_for')} &quot;
        <Text as="strong" color="fg">
          {trimmed}
        </Text>
        &quot;.
        <br />
        {t('search.hint')}
      </Text>
    </Box>
  );
}
