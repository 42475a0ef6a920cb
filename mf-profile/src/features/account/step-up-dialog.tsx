import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Field, FieldError, FormAlert, Input, Portal, Stack, Text } from '@loyalty/shared/ui';
import { Dialog } from '@loyalty/shared/ui-dialogs';
import { useTranslation } from '@loyalty/shared/i18n';

/**
 * The member's confirmation of a change to the ways into the account (adding a passkey, turning
 * password sign-in off; decision 067): their current password, or, while it no longer signs in,
 * one of their passkeys, which the browser asks for once they go on. A refusal keeps the dialog
 * open with what was typed; a wrong password takes the focus back to its field.
 */
export function StepUpDialog({
  open,
  title,
  text,
  action,
  sendingText,
  byPassword,
  sending,
  error,
  passwordError,
  onSubmit,
  onClose,
  finalFocusEl,
}: {
  open: boolean;
  title: string;
  text: string;
  action: string;
  /** The action's words while it is under way. */
  sendingText?: string;
  /** Whether the password confirms; otherwise a passkey does. */
  byPassword: boolean;
  sending: boolean;
  /** The refusal of the whole request, above the form. */
  error: string | null;
  /** The password's own refusal, under its field. */
  passwordError: string | undefined;
  onSubmit: (password: string) => void;
  onClose: () => void;
  finalFocusEl?: () => HTMLElement | null;
}) {
  const { t } = useTranslation(['profile', 'common']);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const passwordRef = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (passwordError) passwordRef.current?.focus();
  }, [passwordError]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (byPassword && !password) {
      setMissing(true);
      passwordRef.current?.focus();
      return;
    }
    onSubmit(password);
  };
  const fieldError = missing && !password ? 'validation.password_required' : passwordError;

  return (
    <Dialog.Root
      open={open}
      closeOnInteractOutside
      onOpenChange={(event) => !event.open && !sending && onClose()}
      initialFocusEl={() => passwordRef.current}
      // A password is not kept once the dialog has closed.
      onExitComplete={() => {
        setPassword('');
        setMissing(false);
      }}
      finalFocusEl={finalFocusEl}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form noValidate onSubmit={submit}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text>{text}</Text>
                  <FormAlert title={error} />
                  {byPassword ? (
                    <Field.Root required invalid={!!fieldError}>
                      <Field.Label>
                        {t('passkeys.step_up.password')}
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <Input
                        ref={passwordRef}
                        type="password"
                        autoComplete="current-password"
                        value={password}
                        onChange={(event) => setPassword(event.target.value)}
                      />
                      <FieldError message={fieldError} />
                    </Field.Root>
                  ) : (
                    <Text>{t('passkeys.step_up.by_passkey')}</Text>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" disabled={sending}>
                    {t('common:actions.cancel')}
                  </Button>
                </Dialog.ActionTrigger>
                <Button type="submit" loading={sending} loadingText={sendingText}>
                  {action}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
