import { accessibleText } from '@loyalty/shared/i18n';
import { useEffect } from 'react';
import { Heading, type HeadingProps } from '@chakra-ui/react';
import { PORTAL_NAME } from '@loyalty/shared/first-paint';

export { PORTAL_NAME };

/**
 * A page's one h1, which also names the browser tab and the history entry (WCAG 2.4.2, page
 * titled): "Transactions · Loyalty Rewards". Both come from one text, so they cannot disagree.
 */
export function PageHeading({
  children,
  size = '2xl',
  ...props
}: Omit<HeadingProps, 'as' | 'children'> & { children: string }) {
  useEffect(() => {
    document.title = accessibleText(`${children} · ${PORTAL_NAME}`);
  }, [children]);
  return (
    <Heading as="h1" size={size} {...props}>
      {children}
    </Heading>
  );
}
