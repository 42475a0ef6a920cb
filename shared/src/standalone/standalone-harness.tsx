import { Suspense, useState, type ComponentType, type FormEvent } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Alert, Badge, Box, Button, Card, Container, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { BrowserRouter, Navigate, Route, Routes } from '@loyalty/shared/router';
import { useTranslation } from '@loyalty/shared/i18n';
import { sessionStore, useSession } from '@loyalty/shared/session';
import { queryClient } from '@loyalty/shared/api/query-client';
import { ApiError } from '@loyalty/shared/http';
import { AppProviders, FullScreenLoader } from '@loyalty/shared/ui';

export interface StandaloneHarnessProps {
  /** The remote's name, shown in the harness bar. */
  remoteName: string;
  /** Where the remote's slice of the URL space starts (e.g. `/dashboard`). */
  mountPath: string;
  routes: ComponentType;
  /** Pages of the remote need a signed-in member: offer a sign-in against the mock API first. */
  requiresSession: boolean;
}

function DevSignIn() {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      await sessionStore.getState().login({ email: String(form.get('email')), password: String(form.get('password')) });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Sign-in failed');
    } finally {
      setPending(false);
    }
  };

  return (
    <Container maxWidth="sm" paddingBlock="10">
      <Card.Root>
        <Card.Body>
          <form onSubmit={(event) => void submit(event)}>
            <Stack gap="4">
              <Heading size="md">Sign in to the mock API</Heading>
              <Text color="fg.muted">This remote runs on its own; its pages need a member session.</Text>
              {error ? (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Title>{error}</Alert.Title>
                </Alert.Root>
              ) : null}
              <Field.Root required>
                <Field.Label>E-mail</Field.Label>
                <Input name="email" type="email" autoComplete="username" />
              </Field.Root>
              <Field.Root required>
                <Field.Label>Password</Field.Label>
                <Input name="password" type="password" autoComplete="current-password" />
              </Field.Root>
              <Button type="submit" loading={pending}>
                Sign in
              </Button>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

function HarnessBody({ mountPath, routes: RemoteRoutes, requiresSession }: StandaloneHarnessProps) {
  const status = useSession((state) => state.status);
  if (status === 'loading') return <FullScreenLoader />;
  if (requiresSession && status !== 'authenticated') return <DevSignIn />;
  return (
    <Routes>
      <Route path={`${mountPath}/*`} element={<RemoteRoutes />} />
      <Route path="*" element={<Navigate to={mountPath} replace />} />
    </Routes>
  );
}

/**
 * Runs one remote on its own port with the same providers as the shell, so a feature team can
 * work on it alone.
 */
export function StandaloneHarness(props: StandaloneHarnessProps) {
  const { i18n } = useTranslation();
  const user = useSession((state) => state.user);
  return (
    <BrowserRouter>
      <AppProviders>
        <QueryClientProvider client={queryClient}>
          <Flex as="header" gap="3" align="center" paddingInline="4" paddingBlock="2" borderBottomWidth="1px">
            <Badge colorPalette="purple">standalone</Badge>
            <Text fontWeight="semibold">{props.remoteName}</Text>
            <Box flex="1" />
            <Text fontSize="sm" color="fg.muted">
              {user ? user.FullName : 'signed out'} · {i18n.language}
            </Text>
            {user ? (
              <Button size="xs" variant="ghost" onClick={() => sessionStore.getState().clear('logout')}>
                Sign out
              </Button>
            ) : null}
          </Flex>
          <Box as="main" padding={{ base: '4', lg: '8' }}>
            <Suspense fallback={<FullScreenLoader />}>
              <HarnessBody {...props} />
            </Suspense>
          </Box>
        </QueryClientProvider>
      </AppProviders>
    </BrowserRouter>
  );
}
