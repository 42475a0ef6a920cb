import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { permissionQueryOptions } from '@loyalty/shared/api';
import { Center, NavigationProgress, PageHeading, Text, VStack } from '@loyalty/shared/ui';
import { Outlet, useLocation } from '@loyalty/shared/router';
import { PageSkeleton } from '../first-paint/page-skeleton';
import { REMOTE_TIME_LIMIT_MS } from '../remotes/remote-pending';
import { usePastTimeLimit } from '../remotes/use-past-time-limit';
import { useTranslation } from '@loyalty/shared/i18n';

/** What a page the member may not open shows (docs/product/frame.md, "Permission Denied"). */
export function PermissionDenied() {
  const { t } = useTranslation('shell');
  return (
    <Center minHeight="50vh">
      <VStack gap="2" textAlign="center">
        <PageHeading size="xl">{t('permission.denied_title')}</PageHeading>
        <Text color="fg.muted">{t('permission.denied_message')}</Text>
      </VStack>
    </Center>
  );
}

/**
 * Asks the server whether the member may open the current dashboard path; the page (the route's
 * outlet) renders only once the answer is in (the landing page's was asked for at start-up). A
 * failed check lets the page through: the API still guards the data, and a network blip should not
 * lock members out.
 */
export function PermissionGate() {
  const { pathname } = useLocation();
  const permission = useQuery(permissionQueryOptions(pathname));
  // An answer slower than a remote may be lets the page through, as a failed one does; it still
  // decides when it comes.
  const waitedTooLong = usePastTimeLimit(permission.isPending, REMOTE_TIME_LIMIT_MS, pathname);

  useEffect(() => {
    if (permission.error) console.warn('Permission check failed', permission.error);
  }, [permission.error]);

  if (permission.data) return permission.data.access ? <Outlet /> : <PermissionDenied />;
  if (permission.isError || waitedTooLong) return <Outlet />;
  return (
    <>
      <NavigationProgress />
      <PageSkeleton signedIn />
    </>
  );
}
