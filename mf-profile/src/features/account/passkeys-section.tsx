import { useRef, useState } from 'react';
import { ActionOutcome, Button, Card, ErrorPanel, Heading, HStack, Stack, Text } from '@loyalty/shared/ui';
import { Skeleton } from '@loyalty/shared/ui-data-display';
import { ConfirmDialog } from '@loyalty/shared/ui-dialogs';
import { LabelledSwitch } from '../../components/labelled-switch';
import { StepUpDialog } from './step-up-dialog';
import { createCredential, getAssertion } from '../../components/passkey-ceremonies';
import { accessibleText, formatDate, toLanguageCode, useTranslation } from '@loyalty/shared/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addPasskeyMutationOptions,
  confirmWithPasskey,
  passkeysQueryOptions,
  removePasskeyMutationOptions,
  setPasswordSignInMutationOptions,
  type Passkey,
  type PasskeysResponse,
  type StepUp,
} from '@loyalty/shared/api';
import { ApiError } from '@loyalty/shared/http';
import {
  PASSKEY_TEXTS,
  messageText,
  passkeyBrowserRefusal,
  serverMessage,
  type ServerMessage,
} from '@loyalty/shared/api/messages';

/** The API's refusals the page words itself, in the member's language. */
const KNOWN_REFUSALS: Record<string, string> = {
  [PASSKEY_TEXTS.lastSignInMethod]: 'passkeys.errors.last_sign_in_method',
  [PASSKEY_TEXTS.challengeSpent]: 'passkeys.errors.challenge_spent',
  [PASSKEY_TEXTS.registrationFailed]: 'passkeys.errors.registration_failed',
  [PASSKEY_TEXTS.alreadyRegistered]: 'passkeys.errors.already_registered',
  [PASSKEY_TEXTS.passkeyNeeded]: 'passkeys.errors.passkey_needed',
  [PASSKEY_TEXTS.confirmNeeded]: 'passkeys.step_up.password_needed',
  [PASSKEY_TEXTS.passwordIncorrect]: 'passkeys.step_up.password_incorrect',
  [PASSKEY_TEXTS.confirmFailed]: 'passkeys.step_up.passkey_failed',
  [PASSKEY_TEXTS.confirmWithPasskey]: 'passkeys.step_up.password_off',
  'The password was changed meanwhile. Please sign in again.': 'password.errors.changed_meanwhile',
};

type Outcome = { status: 'success'; message: ServerMessage } | { status: 'error'; message: ServerMessage };

/** What the browser's refusal of a passkey ceremony means to the member; null for the API's answers. */
function browserRefusal(error: unknown, cancelledKey: string): ServerMessage | null {
  const refusal = passkeyBrowserRefusal(error);
  if (refusal === 'already-registered') return { key: 'passkeys.errors.already_registered' };
  if (refusal === 'cancelled') return { key: cancelledKey };
  return null;
}

/** The confirmation the API asks for: the password typed, or, with the password off, a passkey's. */
const confirmation =
  (byPassword: boolean, password: string): (() => Promise<StepUp>) =>
  () =>
    byPassword ? Promise.resolve({ password }) : confirmWithPasskey(getAssertion);

/** A change that needs the member's confirmation, waiting in the dialog that asks for it. */
type StepUpChange = 'add' | 'password-off';

/** A refusal as the dialog shows it: the password's own under its field, the rest above the form. */
type Refusal = { message: ServerMessage; ofPassword: boolean };

function refusalOf(error: unknown, fallbackKey: string, cancelledKey: string): Refusal {
  const browser = browserRefusal(error, cancelledKey);
  if (browser) return { message: browser, ofPassword: false };
  return {
    message: serverMessage(error, fallbackKey, KNOWN_REFUSALS),
    ofPassword: error instanceof ApiError && Boolean(error.fieldErrors?.password),
  };
}

/** A section of the account page: the member's passkeys, to add, see and remove. */
export function PasskeysSection() {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const language = toLanguageCode(i18n.language);
  const queryClient = useQueryClient();
  const passkeys = useQuery(passkeysQueryOptions());
  const add = useMutation(addPasskeyMutationOptions(queryClient));
  const remove = useMutation(removePasskeyMutationOptions(queryClient));
  const change = useMutation(setPasswordSignInMutationOptions(queryClient));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [stepUp, setStepUp] = useState<StepUpChange | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const outcomeRef = useRef<HTMLDivElement | null>(null);
  const byPassword = passkeys.data?.passwordSignIn ?? true;

  const openStepUp = (changing: StepUpChange) => {
    setOutcome(null);
    setRefusal(null);
    setStepUp(changing);
  };

  /** Makes the confirmed change; a refusal stays in the dialog, with what the member typed. */
  const confirmed = async (password: string) => {
    setRefusal(null);
    const confirm = confirmation(byPassword, password);
    try {
      if (stepUp === 'add') {
        await add.mutateAsync({ confirm, createCredential });
        setOutcome({ status: 'success', message: { key: 'passkeys.added' } });
      } else {
        await change.mutateAsync({ enabled: false, confirm });
        setOutcome({ status: 'success', message: { key: 'passkeys.password_off' } });
      }
      setStepUp(null);
    } catch (error) {
      setRefusal(
        refusalOf(
          error,
          stepUp === 'add' ? 'passkeys.errors.add_failed' : 'passkeys.errors.password_failed',
          stepUp === 'add' ? 'passkeys.errors.cancelled' : 'passkeys.step_up.cancelled',
        ),
      );
    }
  };

  const removeOne = async (passkey: Passkey) => {
    setOutcome(null);
    try {
      await remove.mutateAsync(passkey.id);
      setOutcome({ status: 'success', message: { key: 'passkeys.removed', values: { name: passkey.name } } });
    } catch (error) {
      setOutcome({ status: 'error', message: serverMessage(error, 'passkeys.errors.remove_failed', KNOWN_REFUSALS) });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Card.Root as="section" aria-labelledby="passkeys-title">
      <Card.Header>
        <Stack gap="1">
          <Heading as="h2" size="lg" id="passkeys-title">
            {t('passkeys.title')}
          </Heading>
          <Text color="fg.muted">{t('passkeys.intro')}</Text>
        </Stack>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {outcome ? (
            <ActionOutcome ref={outcomeRef} status={outcome.status} title={messageText(outcome.message, t)} />
          ) : null}
          {passkeys.isError ? (
            <ErrorPanel title={t('passkeys.load_error')} headingLevel={3} onRetry={() => void passkeys.refetch()} />
          ) : passkeys.isSuccess ? (
            passkeys.data.data.length === 0 ? (
              <Text>{t('passkeys.none')}</Text>
            ) : (
              <Stack as="ul" gap="3" listStyleType="none" aria-label={accessibleText(t('passkeys.list_label'))}>
                {passkeys.data.data.map((passkey) => (
                  <HStack
                    as="li"
                    key={passkey.id}
                    justify="space-between"
                    wrap="wrap"
                    gap="3"
                    borderWidth="1px"
                    borderRadius="md"
                    padding="3"
                  >
                    <Stack gap="0.5">
                      <Text fontWeight="semibold">{passkey.name}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {t('passkeys.created', { date: formatDate(passkey.createdAt, language, 'long') })}
                        {' · '}
                        {passkey.lastUsedAt
                          ? t('passkeys.last_used', { date: formatDate(passkey.lastUsedAt, language, 'long') })
                          : t('passkeys.never_used')}
                        {passkey.synced ? ` · ${t('passkeys.synced')}` : ''}
                      </Text>
                    </Stack>
                    <Button
                      variant="outline"
                      colorPalette="red"
                      size="sm"
                      aria-label={accessibleText(t('passkeys.remove_named', { name: passkey.name }))}
                      onClick={() => setRemoving(passkey)}
                    >
                      {t('passkeys.remove')}
                    </Button>
                  </HStack>
                ))}
              </Stack>
            )
          ) : (
            <Skeleton height="16" aria-busy="true" aria-label={accessibleText(t('passkeys.loading'))} />
          )}
          {passkeys.isSuccess ? (
            <PasswordSignIn
              state={passkeys.data}
              sending={change.isPending}
              turnOn={async () => {
                setOutcome(null);
                try {
                  await change.mutateAsync({ enabled: true });
                  setOutcome({ status: 'success', message: { key: 'passkeys.password_on' } });
                } catch (error) {
                  setOutcome({
                    status: 'error',
                    message: serverMessage(error, 'passkeys.errors.password_failed', KNOWN_REFUSALS),
                  });
                }
              }}
              turnOff={() => openStepUp('password-off')}
            />
          ) : null}
        </Stack>
      </Card.Body>
      <Card.Footer>
        <Button onClick={() => openStepUp('add')}>{t('passkeys.add')}</Button>
      </Card.Footer>

      <StepUpDialog
        open={stepUp !== null}
        title={t(stepUp === 'add' ? 'passkeys.step_up.title_add' : 'passkeys.step_up.title_off')}
        text={t(stepUp === 'add' ? 'passkeys.step_up.text_add' : 'passkeys.step_up.text_off')}
        action={t(stepUp === 'add' ? 'passkeys.step_up.action_add' : 'passkeys.step_up.action_off')}
        {...(stepUp === 'add' ? { sendingText: t('passkeys.adding') } : {})}
        byPassword={byPassword}
        sending={add.isPending || change.isPending}
        error={refusal && !refusal.ofPassword ? messageText(refusal.message, t) : null}
        passwordError={refusal?.ofPassword ? messageText(refusal.message, t) : undefined}
        onSubmit={(password) => void confirmed(password)}
        onClose={() => setStepUp(null)}
        finalFocusEl={() => outcomeRef.current}
      />

      <ConfirmDialog
        open={removing !== null}
        title={t('passkeys.confirm_title')}
        text={t('passkeys.confirm_text', { name: removing?.name ?? '' })}
        action={t('passkeys.confirm_remove')}
        actionPalette="red"
        sending={remove.isPending}
        onConfirm={() => removing && void removeOne(removing)}
        onClose={() => setRemoving(null)}
        finalFocusEl={() => outcomeRef.current}
      />
    </Card.Root>
  );
}

/**
 * Password sign-in on or off. Off needs a passkey and the member's confirmation (`turnOff` asks for
 * it); while a reset by e-mail is bringing the password back, the member can keep it off (the reset
 * may not have been theirs).
 */
function PasswordSignIn({
  state,
  sending,
  turnOn,
  turnOff,
}: {
  state: PasskeysResponse;
  sending: boolean;
  turnOn: () => Promise<void>;
  turnOff: () => void;
}) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const language = toLanguageCode(i18n.language);
  const noPasskey = state.data.length === 0;
  return (
    <Stack gap="2" borderTopWidth="1px" paddingTop="4">
      <LabelledSwitch
        checked={state.passwordSignIn}
        disabled={sending || (noPasskey && state.passwordSignIn)}
        onChange={(checked) => (checked ? void turnOn() : turnOff())}
        label={t('passkeys.password_sign_in')}
        help={noPasskey && state.passwordSignIn ? t('passkeys.password_needs_passkey') : t('passkeys.password_help')}
      />
      {state.passwordSignInBackAt ? (
        <Stack gap="2" alignItems="start">
          <Text>{t('passkeys.password_back', { date: formatDate(state.passwordSignInBackAt, language, 'long') })}</Text>
          <Button variant="outline" size="sm" loading={sending} onClick={turnOff}>
            {t('passkeys.keep_password_off')}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
