import { useMemo, useRef, useState } from 'react';
import { ActionOutcome, Button, Field, FieldError, Input, Stack } from '@loyalty/shared/ui';
import { useForm } from 'react-hook-form';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isOverBalanceRefusal, redeemPointsMutationOptions } from '@loyalty/shared/api';
import { messageText, serverMessage, type ServerMessage } from '@loyalty/shared/api/messages';
import { formatNumber } from '@loyalty/shared/i18n';
import { formResolver } from '@loyalty/shared/validation';
import { ConfirmDialog } from '@loyalty/shared/ui-dialogs';
import { messageKey } from '../../components/points/message-key';
import { redeemFormSchema, type RedeemForm } from './redeem-schema';
import { PAGE_TEXTS_NAMESPACE } from '../../components/page-texts/page-texts';

type Result = { kind: 'success'; points: number; balance: number } | { kind: 'error'; message: ServerMessage } | null;

/**
 * Redeem points in two steps: the form checks the figure, a dialog asks to confirm it, and the
 * new balance the server answers with shows at once (the cache takes it before asking again).
 */
export function RedeemPointsForm({ available }: { available: number }) {
  const { t, i18n } = useTranslation([PAGE_TEXTS_NAMESPACE, 'points', 'common'], { nsMode: 'fallback' });
  const format = (value: number) => formatNumber(value, i18n.language);
  const schema = useMemo(() => redeemFormSchema(available), [available]);
  const [confirming, setConfirming] = useState<number | null>(null);
  // The new balance the server answers with shows at once everywhere; then every figure is asked again.
  const redeem = useMutation(redeemPointsMutationOptions(useQueryClient()));
  const sending = redeem.isPending;
  const [result, setResult] = useState<Result>(null);
  const pointsInput = useRef<HTMLInputElement | null>(null);
  const outcome = useRef<HTMLDivElement | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<RedeemForm>({ resolver: formResolver(schema) });
  const { ref: registerRef, ...pointsField } = register('points', { valueAsNumber: true });

  const onSubmit = handleSubmit(({ points }) => {
    setResult(null);
    setConfirming(points);
  });

  const confirm = async () => {
    if (confirming === null || sending) return;
    try {
      const response = await redeem.mutateAsync({ points: confirming });
      setResult({ kind: 'success', points: confirming, balance: response.data.balance.pointBalance });
      reset({ points: undefined as unknown as number });
    } catch (error) {
      // The balance went down since the page read it (another tab, a device): the server names the
      // new figure in English; the form says it in the member's language, and shows the new
      // balance, which the failed mutation asked for again.
      const message = isOverBalanceRefusal(error)
        ? { key: 'redeem.errors.over_balance' }
        : serverMessage(error, 'common:errors.generic');
      setResult({ kind: 'error', message });
    } finally {
      setConfirming(null);
    }
  };

  const errorKey = messageKey(errors.points?.message, PAGE_TEXTS_NAMESPACE);

  return (
    <>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={accessibleText(t('redeem.form_label'))}>
        <Stack gap="5">
          {/* The outcome takes the focus the confirmation dialog gave back. */}
          {result?.kind === 'success' ? (
            <ActionOutcome
              ref={outcome}
              status="success"
              title={t('redeem.success', {
                count: result.points,
                points: format(result.points),
                balance: format(result.balance),
              })}
            />
          ) : result?.kind === 'error' ? (
            <ActionOutcome ref={outcome} status="error" title={messageText(result.message, t)} />
          ) : null}
          <Field.Root invalid={!!errors.points} required>
            <Field.Label>
              {t('redeem.points')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={available}
              step={1}
              {...pointsField}
              ref={(element) => {
                registerRef(element);
                pointsInput.current = element;
              }}
            />
            <Field.HelperText>{t('redeem.points_help', { available: format(available) })}</Field.HelperText>
            <FieldError
              message={errorKey ? t(errorKey, { count: available, available: format(available) }) : undefined}
            />
          </Field.Root>
          <Button type="submit" alignSelf="start" disabled={available < 1}>
            {t('redeem.submit')}
          </Button>
        </Stack>
      </form>

      <ConfirmDialog
        open={confirming !== null}
        title={t('redeem.confirm_title')}
        text={t('redeem.confirm_text', {
          count: confirming ?? 0,
          points: format(confirming ?? 0),
          balance: format(available - (confirming ?? 0)),
        })}
        action={t('redeem.confirm_action')}
        sending={sending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(null)}
        // Confirmed, the focus goes to the outcome; cancelled, back to the figure.
        finalFocusEl={() => outcome.current ?? pointsInput.current}
      />
    </>
  );
}
