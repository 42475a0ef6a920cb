import { Alert, Button } from '@loyalty/shared/ui';
import { isolate, useTranslation } from '@loyalty/shared/i18n';
import { useReleaseInfo } from './register-released-remotes';
import { OVERRIDE_QUERY_PARAM, clearOverrides } from './release-override';

/** Back to the released versions: forget the override and load the page without its query. */
function leaveOverride() {
  clearOverrides();
  const url = new URL(window.location.href);
  url.searchParams.delete(OVERRIDE_QUERY_PARAM);
  window.location.assign(url.toString());
}

/**
 * Says, while QA's override is active, which remote versions this page runs instead of the
 * released ones. Renders nothing otherwise. `remote` limits it to one remote's override.
 */
export function ReleaseOverrideBanner({ remote }: { remote?: string }) {
  const { t } = useTranslation('shell');
  const overrides = useReleaseInfo().remotes.filter(
    (candidate) => candidate.channel === 'override' && (!remote || candidate.name === remote),
  );
  if (overrides.length === 0) return null;
  // Isolated, `mf-points@1.2.0` stays in one piece inside right-to-left text.
  const versions = overrides.map(({ name, version }) => isolate(`${name.replace(/_/g, '-')}@${version}`)).join(', ');
  return (
    <Alert.Root
      status="warning"
      role="status"
      data-testid="release-override-banner"
      marginBlockEnd="4"
      flexWrap={{ base: 'wrap', md: 'nowrap' }}
      alignItems={{ base: 'flex-start', md: 'center' }}
    >
      <Alert.Indicator />
      <Alert.Content flexBasis={{ base: 'calc(100% - 2rem)', md: 'auto' }}>
        <Alert.Title>{t('release.override_title')}</Alert.Title>
        <Alert.Description>{t('release.override_description', { versions })}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={leaveOverride} marginInlineStart={{ base: '7', md: '0' }}>
        {t('release.override_clear')}
      </Button>
    </Alert.Root>
  );
}
