import { Link } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';

/** The id of the signed-in frame's main region, where the skip link sends the focus. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * Focuses the main region for as long as the focus stays there. The region takes the focus only
 * from this link: were it focusable all the time, a click anywhere in the page would focus it, and an
 * open menu closed by that click could not give the focus back to its button (as the skip links of
 * GOV.UK's design system do).
 */
function focusMain() {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  main.setAttribute('tabindex', '-1');
  main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true });
  main.focus();
}

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
        focusMain();
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
