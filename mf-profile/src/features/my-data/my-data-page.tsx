import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  Alert,
  Button,
  Card,
  Field,
  FieldError,
  FormAlert,
  Heading,
  Input,
  PageHeading,
  Stack,
  Text,
  notify,
  saveFile,
} from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import { useQuery } from '@tanstack/react-query';
import {
  confirmWithPasskey,
  downloadMyData,
  passkeysQueryOptions,
  type DeleteAccountRequest,
} from '@loyalty/shared/api';
import { ApiError, toldElsewhere } from '@loyalty/shared/http';
import {
  PASSKEY_TEXTS,
  isOfflineFailure,
  knownServerText,
  limitMessage,
  messageText,
  passkeyBrowserRefusal,
  serverMessage,
  type WordedMessage,
} from '@loyalty/shared/api/messages';
import { sessionStore } from '@loyalty/shared/session';
import { deleteAccountFormSchema, formResolver } from '@loyalty/shared/validation';
import { getAssertion } from '../../components/passkey-ceremonies';

/** The server's refusals of a deletion (mock API), by their exact text. */
const REFUSALS = {
  'Password is incorrect': 'data.delete.password_incorrect',
  'The password was changed meanwhile. Please sign in again.': 'password.errors.changed_meanwhile',
  [PASSKEY_TEXTS.confirmFailed]: 'data.delete.passkey_failed',
  [PASSKEY_TEXTS.challengeSpent]: 'passkeys.errors.challenge_spent',
  [PASSKEY_TEXTS.confirmWithPasskey]: 'data.delete.password_off',
  [PASSKEY_TEXTS.noPasskey]: 'data.delete.no_passkey',
};

/** `/dashboard/user/data`: the member's data, downloaded as one file, and the account deleted. */
export function MyDataPage() {
  const { t } = useTranslation('profile');
  return (
    <Stack gap="6" maxWidth="2xl">
      <PageHeading>{t('data.title')}</PageHeading>
      <Text color="fg.muted">{t('data.intro')}</Text>
      <DownloadMyData />
      <DeleteAccount />
    </Stack>
  );
}

type DownloadStatus = 'idle' | 'working' | 'done' | WordedMessage;

/** Why a download failed, in the member's words: a limit says when to try again. */
const downloadFailure = (error: unknown): WordedMessage =>
  limitMessage(error) ?? { key: isOfflineFailure(error) ? 'common:errors.offline' : 'data.download.failed' };

function DownloadMyData() {
  const { t } = useTranslation(['profile', 'common']);
  const [status, setStatus] = useState<DownloadStatus>('idle');

  const download = async () => {
    if (status === 'working') return;
    setStatus('working');
    try {
      const { name, text } = await downloadMyData();
      saveFile(name, text, 'application/json;charset=utf-8');
      setStatus('done');
    } catch (error) {
      // A file of the page's build that did not load: the shell's notice tells of it.
      setStatus(toldElsewhere(error) ? 'idle' : downloadFailure(error));
    }
  };

  return (
    <Card.Root as="section" aria-labelledby="data-download-heading">
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="md" id="data-download-heading">
            {t('data.download.title')}
          </Heading>
          <Text>{t('data.download.intro')}</Text>
          {/* Never disabled while it works: a disabled button drops the focus to the page. */}
          <Button
            alignSelf="flex-start"
            variant="outline"
            aria-busy={status === 'working'}
            onClick={() => void download()}
          >
            {status === 'working' ? t('data.download.working') : t('data.download.action')}
          </Button>
          {status === 'done' ? (
            <Text role="status" fontSize="sm" color="fg.muted">
              {t('data.download.done')}
            </Text>
          ) : typeof status === 'object' ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{messageText(status, t)}</Alert.Title>
            </Alert.Root>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

type DeleteFormValues = { password: string };

/**
 * Deleting the account, confirmed by a passkey when the member has one, or by the password while it
 * signs in (docs/product/accounts.md, "Your data").
 */
function DeleteAccount() {
  const { t } = useTranslation('profile');
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const passkeys = useQuery(passkeysQueryOptions());
  const hasPasskey = (passkeys.data?.data.length ?? 0) > 0;
  // Until the passkeys are known the password is offered, as it signs in for most members.
  const passwordSignsIn = passkeys.data?.passwordSignIn ?? true;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeleteFormValues>({
    resolver: formResolver(deleteAccountFormSchema),
    defaultValues: { password: '' },
  });

  const deleteWith = async (request: () => Promise<DeleteAccountRequest>) => {
    setFormError(null);
    try {
      await sessionStore.getState().deleteAccount(await request());
      notify(t('data.delete.done'));
    } catch (error) {
      const text = error instanceof ApiError ? error.fieldErrors?.password : undefined;
      if (text) {
        setError(
          'password',
          { type: 'server', message: messageText(knownServerText(text, REFUSALS), t) },
          { shouldFocus: true },
        );
      }
      setFormError(
        passkeyBrowserRefusal(error) === 'cancelled'
          ? t('data.delete.passkey_cancelled')
          : messageText(serverMessage(error, 'data.delete.failure', REFUSALS), t),
      );
    }
  };

  const deleteWithPasskey = async () => {
    if (confirming) return;
    setConfirming(true);
    await deleteWith(() => confirmWithPasskey(getAssertion));
    setConfirming(false);
  };

  return (
    <Card.Root as="section" aria-labelledby="data-delete-heading" borderColor="border.error">
      <Card.Body>
        <Stack gap="4">
          <Heading as="h2" size="md" id="data-delete-heading">
            {t('data.delete.title')}
          </Heading>
          <Text>{t('data.delete.intro')}</Text>
          <FormAlert title={formError} />
          {hasPasskey ? (
            // Never disabled while it works: a disabled button drops the focus to the page.
            <Button
              alignSelf="flex-start"
              colorPalette="red"
              aria-busy={confirming}
              onClick={() => void deleteWithPasskey()}
            >
              {confirming ? t('data.delete.working') : t('data.delete.passkey_action')}
            </Button>
          ) : null}
          {passwordSignsIn ? (
            <form noValidate onSubmit={(event) => void handleSubmit((values) => deleteWith(async () => values))(event)}>
              <Stack gap="4">
                {hasPasskey ? <Text>{t('data.delete.or_password')}</Text> : null}
                <Field.Root required invalid={!!errors.password}>
                  <Field.Label>
                    {t('data.delete.password')}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Input type="password" autoComplete="current-password" {...register('password')} />
                  <FieldError message={errors.password?.message} />
                </Field.Root>
                <Button
                  type="submit"
                  alignSelf="flex-start"
                  colorPalette="red"
                  variant={hasPasskey ? 'outline' : 'solid'}
                  loading={isSubmitting}
                  loadingText={t('data.delete.working')}
                >
                  {t('data.delete.action')}
                </Button>
              </Stack>
            </form>
          ) : (
            <Text>{t('data.delete.password_off')}</Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
