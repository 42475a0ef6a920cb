import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, ErrorPanel, FormAlert, HStack, PageHeading, Stack, Text } from '@loyalty/shared/ui';
import { Skeleton } from '@loyalty/shared/ui-data-display';
import { accessibleText, formatAgo, formatDate, useTranslation } from '@loyalty/shared/i18n';
import { endSessionsMutationOptions, sessionsQueryOptions, type SessionView } from '@loyalty/shared/api';
import { toldElsewhere } from '@loyalty/shared/http';

/** `/dashboard/user/sessions`: where the member is signed in, and ending any of it. */
export function SessionsPage() {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQueryOptions());
  const end = useMutation(endSessionsMutationOptions(queryClient));
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const endSessions = (which: { id: string } | 'others') => {
    setOutcome(null);
    end.mutate(which, {
      onSuccess: () =>
        setOutcome({ ok: true, text: t(which === 'others' ? 'sessions.others_ended' : 'sessions.ended') }),
      onError: (error) => {
        // A file of the page's build that did not load: the shell's notice tells of it.
        if (!toldElsewhere(error)) setOutcome({ ok: false, text: t('sessions.end_failed') });
      },
    });
  };
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  return (
    <Stack gap="6" maxWidth="2xl">
      <PageHeading>{t('sessions.title')}</PageHeading>
      <Text color="fg.muted">{t('sessions.intro')}</Text>
      <FormAlert status={outcome?.ok ? 'success' : 'error'} title={outcome?.text ?? null} />
      {sessions.isError ? (
        <ErrorPanel title={t('sessions.load_error')} onRetry={() => void sessions.refetch()} />
      ) : sessions.isSuccess ? (
        <>
          <Stack as="ul" gap="3" listStyleType="none" aria-label={accessibleText(t('sessions.title'))}>
            {sessions.data.map((session) => (
              <SessionCard
                key={session.id}
                session={session}
                ending={end.isPending}
                onEnd={() => endSessions({ id: session.id })}
              />
            ))}
          </Stack>
          {others.length > 0 ? (
            <Button alignSelf="flex-start" variant="outline" colorPalette="red" onClick={() => endSessions('others')}>
              {t('sessions.end_others')}
            </Button>
          ) : null}
        </>
      ) : (
        <Stack gap="3" role="status" aria-label={accessibleText(t('sessions.loading'))}>
          <Skeleton height="24" />
          <Skeleton height="24" />
        </Stack>
      )}
    </Stack>
  );
}

function SessionCard({ session, ending, onEnd }: { session: SessionView; ending: boolean; onEnd: () => void }) {
  const { t, i18n } = useTranslation('profile');
  const device = t('sessions.device', { browser: session.browser, os: session.os });
  return (
    <Card.Root as="li" size="sm">
      <Card.Body>
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Stack gap="1">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold">
                <bdi>{device}</bdi>
              </Text>
              <Badge colorPalette="gray">{t(`sessions.type_${session.deviceType}`)}</Badge>
              {session.current ? <Badge colorPalette="green">{t('sessions.this_device')}</Badge> : null}
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {t('sessions.last_used', { ago: formatAgo(session.lastUsedAt, i18n.language) })} ·{' '}
              {t('sessions.signed_in', { date: formatDate(session.createdAt, i18n.language) })}
              {session.keptUntil
                ? ` · ${t('sessions.kept_until', { date: formatDate(session.keptUntil, i18n.language) })}`
                : null}
            </Text>
          </Stack>
          {session.current ? null : (
            <Button
              size="sm"
              variant="outline"
              aria-label={accessibleText(t('sessions.end_named', { device }))}
              aria-disabled={ending || undefined}
              onClick={() => {
                if (!ending) onEnd();
              }}
            >
              {t('sessions.end')}
            </Button>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
