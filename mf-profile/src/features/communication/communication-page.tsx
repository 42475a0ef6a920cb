import { useState } from 'react';
import { ActionOutcome, Button, Card, PageHeading, Stack, Text } from '@loyalty/shared/ui';
import { Skeleton } from '@loyalty/shared/ui-data-display';
import { LabelledSwitch } from '../../components/labelled-switch';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  updateWorkspaceMutationOptions,
  workspaceQueryOptions,
  type UpdateWorkspaceRequest,
  type Workspace,
} from '@loyalty/shared/api';
import { messageText, serverMessage, type ServerMessage } from '@loyalty/shared/api/messages';
import { ErrorPanel } from '@loyalty/shared/ui';

/** The ways the programme may reach the member, as the account's workspace preferences hold them. */
const CHANNELS = ['emailNotifications', 'smsNotifications', 'newsletter'] as const;
type Channel = (typeof CHANNELS)[number];
type Choices = Pick<Workspace, Channel>;

/**
 * `/dashboard/user/communication`: e-mail and text messages about the member's points and stays,
 * and the newsletter, each on or off, saved together. A failed save keeps the choices made.
 */
export function CommunicationPage() {
  const { t } = useTranslation('profile');
  const workspace = useQuery(workspaceQueryOptions());

  return (
    <Stack gap="6" maxWidth="2xl">
      <Stack gap="1">
        <PageHeading>{t('communication.title')}</PageHeading>
        <Text color="fg.muted">{t('communication.intro')}</Text>
      </Stack>
      {workspace.isError ? (
        <ErrorPanel title={t('communication.load_error')} onRetry={() => void workspace.refetch()} />
      ) : workspace.isSuccess ? (
        <PreferencesForm saved={workspace.data} />
      ) : (
        <Stack gap="3" aria-busy="true" aria-label={accessibleText(t('communication.loading'))}>
          <Skeleton height="48" />
        </Stack>
      )}
    </Stack>
  );
}

function PreferencesForm({ saved }: { saved: Workspace }) {
  const { t } = useTranslation(['profile', 'common']);
  const [choices, setChoices] = useState<Choices>(() => ({
    emailNotifications: saved.emailNotifications,
    smsNotifications: saved.smsNotifications,
    newsletter: saved.newsletter,
  }));
  const [outcome, setOutcome] = useState<{ kind: 'saved' } | { kind: 'failed'; message: ServerMessage } | null>(null);
  const update = useMutation(updateWorkspaceMutationOptions(useQueryClient()));

  const save = async () => {
    setOutcome(null);
    try {
      const changes: UpdateWorkspaceRequest = { ...choices };
      await update.mutateAsync(changes);
      setOutcome({ kind: 'saved' });
    } catch (error) {
      setOutcome({ kind: 'failed', message: serverMessage(error, 'communication.failure') });
    }
  };

  return (
    <Card.Root>
      <Card.Body>
        <form
          aria-label={accessibleText(t('communication.title'))}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack gap="5">
            {/* Saving disables the button, which drops the focus: the outcome takes it. */}
            {outcome?.kind === 'saved' ? (
              <ActionOutcome status="success" title={t('communication.saved')} />
            ) : outcome?.kind === 'failed' ? (
              <ActionOutcome status="error" title={messageText(outcome.message, t)} />
            ) : null}
            {CHANNELS.map((channel) => (
              <LabelledSwitch
                key={channel}
                checked={choices[channel]}
                onChange={(checked) => setChoices((current) => ({ ...current, [channel]: checked }))}
                label={t(`communication.${channel}`)}
                help={t(`communication.${channel}_help`)}
              />
            ))}
            <Button type="submit" alignSelf="start" loading={update.isPending} loadingText={t('communication.saving')}>
              {t('communication.submit')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
