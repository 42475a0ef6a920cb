import type { ComponentProps } from 'react';
import { Text } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import { useQuery } from '@tanstack/react-query';
import { balanceQueryOptions } from '@loyalty/shared/api';
import { expiryText } from './expiry-text';

/** The balance's next expiry in words, or nothing when nothing would expire (docs/product/expiry.md). */
export function ExpiryNotice(props: ComponentProps<typeof Text>) {
  const { t, i18n } = useTranslation('points');
  const balance = useQuery(balanceQueryOptions());
  const expiry = balance.data?.nextExpiry;
  if (!expiry) return null;
  return (
    <Text data-testid="expiry-notice" {...props}>
      {expiryText('card.expiry', expiry, i18n.language, t)}
    </Text>
  );
}
