import type { ComponentProps } from 'react';
import { Link, VisuallyHidden } from '@loyalty/shared/ui';
import { Link as RouterLink } from '@loyalty/shared/router';
import { useTranslation } from '@loyalty/shared/i18n';
import { Logo } from './logo';
import { LogoMark } from './logo-mark';

type HomeLinkProps = {
  to: string;
  /** `full`: mark and name; `compactBelowSm`: the name hides on the narrowest screens; `mark`: mark only. */
  logo?: 'full' | 'compactBelowSm' | 'mark';
} & Omit<ComponentProps<typeof Link>, 'asChild' | 'children'>;

/**
 * The logo linking home. Its accessible name starts with the programme's name as shown, then says
 * where the link leads (WCAG 2.5.3, label in name); with the mark alone it is just the latter.
 */
export function HomeLink({ to, logo = 'full', ...linkProps }: HomeLinkProps) {
  const { t } = useTranslation('shell');
  return (
    <Link asChild _hover={{ textDecoration: 'none' }} {...linkProps}>
      <RouterLink to={to}>
        {logo === 'mark' ? <LogoMark /> : <Logo compactBelowSm={logo === 'compactBelowSm'} />}
        <VisuallyHidden>{t('nav.home')}</VisuallyHidden>
      </RouterLink>
    </Link>
  );
}
