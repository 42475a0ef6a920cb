import { useEffect, useState, type ReactNode } from 'react';
import { Center, Heading, Text, VStack } from '@loyalty/shared/ui';
import { useLocation } from '@loyalty/shared/router';
import { useTranslation } from '@loyalty/shared/i18n';
import { checkPermissions, type AccessRights } from '@loyalty/shared/api';
import { accessStore, sessionStore } from '@loyalty/shared/session';
import { NavigationProgress } from '@loyalty/shared/ui';

/** Answers per path, so returning to a page does not ask again; forgotten when the member changes. */
const answers = new Map<string, AccessRights>();
sessionStore.subscribe((state, previous) => {
  if (state.user?.Id !== previous.user?.Id) answers.clear();
});

/** SPEC §6: what a page protected by the access flag shows when the flag is false. */
export function PermissionDenied() {
  const { t } = useTranslation('shell');
  return (
    <Center minHeight="50vh">
      <VStack gap="2" textAlign="center">
        <Heading as="h1" size="xl">
          {t('permission.denied_title')}
        </Heading>
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
  const known = answers.get(pathname);

  useEffect(() => {
    const answer = answers.get(pathname);
    if (answer) {
      accessStore.getState().setRights(answer);
      return;
    }
    let current = true;
    checkPermissions({ path: pathname })
      .then((rights) => {
        answers.set(pathname, rights);
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
