import { Link } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';

/** The id of the signed-in frame's main region, where the skip link sends the focus. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The keyboard's first stop on a signed-in page (WCAG 2.4.1, bypass blocks): hidden until focused,
 * it moves the focus past the header and the navigation to the page itself. The focus is moved by
 * hand rather than by the fragment, so the address does not change.
 */
export function SkipLink() {
  const { t } = useTranslation('shell');
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      position="fixed"
      top="2"
      insetStart="2"
      zIndex="skipNav"
      paddingInline="4"
      paddingBlock="2"
      bg="bg.panel"
      color="fg"
      borderWidth="1px"
      borderRadius="l2"
      boxShadow="md"
      transform="translateY(-200%)"
      _focus={{ transform: 'none' }}
    >
      {t('nav.skip_to_content')}
    </Link>
  );
}
