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
import { downloadMyData, type DeleteAccountRequest } from '@loyalty/shared/api';
import { ApiError } from '@loyalty/shared/http';
import { knownServerText, messageText, serverMessage } from '@loyalty/shared/api/messages';
import { sessionStore } from '@loyalty/shared/session';
import { deleteAccountFormSchema, formResolver } from '@loyalty/shared/validation';

/** The server's refusals of a deletion (mock API), by their exact text. */
const REFUSALS = {
  'Password is incorrect': 'data.delete.password_incorrect',
  'The password was changed meanwhile. Please sign in again.': 'password.errors.changed_meanwhile',
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

type DownloadStatus = 'idle' | 'working' | 'done' | 'failed';

function DownloadMyData() {
  const { t } = useTranslation('profile');
  const [status, setStatus] = useState<DownloadStatus>('idle');

  const download = async () => {
    if (status === 'working') return;
    setStatus('working');
    try {
      const { name, text } = await downloadMyData();
      saveFile(name, text, 'application/json;charset=utf-8');
      setStatus('done');
    } catch {
      setStatus('failed');
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
          ) : status === 'failed' ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{t('data.download.failed')}</Alert.Title>
            </Alert.Root>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function DeleteAccount() {
  const { t } = useTranslation('profile');
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeleteAccountRequest>({
    resolver: formResolver(deleteAccountFormSchema),
    defaultValues: { password: '' },
  });

  const onSubmit = async (values: DeleteAccountRequest) => {
    setFormError(null);
    try {
      await sessionStore.getState().deleteAccount(values);
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
      setFormError(messageText(serverMessage(error, 'data.delete.failure', REFUSALS), t));
    }
  };

  return (
    <Card.Root as="section" aria-labelledby="data-delete-heading" borderColor="border.error">
      <Card.Body>
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <Stack gap="4">
            <Heading as="h2" size="md" id="data-delete-heading">
              {t('data.delete.title')}
            </Heading>
            <Text>{t('data.delete.intro')}</Text>
            <FormAlert title={formError} />
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
              loading={isSubmitting}
              loadingText={t('data.delete.working')}
            >
              {t('data.delete.action')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
