import { useEffect, useState, type ReactNode } from 'react';
import { Center, PageHeading, Text, VStack } from '@loyalty/shared/ui';
import { useLocation } from '@loyalty/shared/router';
import { useTranslation } from '@loyalty/shared/i18n';
import { accessStore } from '@loyalty/shared/session';
import { NavigationProgress } from '@loyalty/shared/ui';
import { askPermission, knownPermission } from './permission-answers';

/** SPEC §6: what a page protected by the access flag shows when the flag is false. */
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
 * Asks the server whether the member may open the current dashboard path and keeps the access
 * flags of SPEC §4 in step; the page renders only once the answer is in. A failed check lets the
 * page through: the API still guards the data, and a network blip should not lock members out.
 */
export function PermissionGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [failedPath, setFailedPath] = useState<string | null>(null);
  const [, setAnswered] = useState(0);
  const known = knownPermission(pathname);

  useEffect(() => {
    const answer = knownPermission(pathname);
    if (answer) {
      accessStore.getState().setRights(answer);
      return;
    }
    let current = true;
    askPermission(pathname)
      .then((rights) => {
        accessStore.getState().setRights(rights);
        if (current) setAnswered((count) => count + 1);
      })
      .catch((error: unknown) => {
        console.warn('Permission check failed', error);
        accessStore.getState().reset();
        if (current) setFailedPath(pathname);
      });
    return () => {
      current = false;
    };
  }, [pathname]);

  if (known) return known.access ? children : <PermissionDenied />;
  return failedPath === pathname ? children : <NavigationProgress />;
}
