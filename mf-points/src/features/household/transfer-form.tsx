import { useRef, useState } from 'react';
import { Button, Field, FieldError, Flex, Input, NativeSelect, Stack, Text } from '@loyalty/shared/ui';
import { ConfirmDialog } from '@loyalty/shared/ui-dialogs';
import { useForm } from 'react-hook-form';
import { accessibleText, formatNumber, isolate, useTranslation } from '@loyalty/shared/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transferHouseholdPointsMutationOptions, type HouseholdMember } from '@loyalty/shared/api/household';
import { formResolver, redeemPointsSchema, v } from '@loyalty/shared/validation';
import { householdFailure, type HouseholdOutcome } from './household-outcome';
import { HOUSEHOLD_NAMESPACE } from './household-texts';

/** A recipient of the household and whole points; the balance and the daily limit are the server's to check. */
const TransferFormSchema = v.object({
  toMemberId: v.pipe(v.string(), v.nonEmpty('household.recipient_required')),
  points: redeemPointsSchema,
});
type TransferFormInput = v.InferInput<typeof TransferFormSchema>;
type TransferForm = v.InferOutput<typeof TransferFormSchema>;
/** What the confirm step asks about: a transfer of the points typed, or a pool of all that may be sent today. */
type Confirming = TransferForm & { pool: boolean };

const fullName = (member: HouseholdMember) => `${member.firstname} ${member.lastname}`;

/**
 * Send points to another member of the household, through a confirm step that says the points and
 * the recipient. A refusal (not enough points, past the daily limit) is said at the top of the
 * page and what was typed stays in the form.
 */
export function TransferForm({
  recipients,
  sendable,
  onOutcome,
  outcomeRef,
}: {
  recipients: HouseholdMember[];
  /** What the member may send today (balance within the daily limit), once known: what a pool sends. */
  sendable: number | null;
  onOutcome: (outcome: HouseholdOutcome) => void;
  outcomeRef: React.RefObject<HTMLDivElement | null>;
}) {
  const { t, i18n } = useTranslation([HOUSEHOLD_NAMESPACE, 'common']);
  const transfer = useMutation(transferHouseholdPointsMutationOptions(useQueryClient()));
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const pointsInput = useRef<HTMLInputElement | null>(null);
  const {
    register,
    handleSubmit,
    resetField,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<TransferFormInput, unknown, TransferForm>({
    resolver: formResolver(TransferFormSchema),
    defaultValues: { toMemberId: recipients.length === 1 ? recipients[0]!.id : '' },
  });
  const { ref: registerPoints, ...pointsField } = register('points', { valueAsNumber: true });
  const recipientOf = (id: string) => recipients.find((member) => member.id === id);
  // The shared schemas' messages are `common` keys; this form's own rule is a key of its namespace.
  const fieldError = (message: string | undefined) =>
    message ? t(message.startsWith('validation.') ? `common:${message}` : message) : undefined;

  const onSubmit = handleSubmit((values) => {
    onOutcome(null);
    setConfirming({ ...values, pool: false });
  });

  // A pool needs a recipient only: the points are all that may be sent today.
  const onPool = async () => {
    if (!sendable || !(await trigger('toMemberId'))) return;
    onOutcome(null);
    setConfirming({ toMemberId: getValues('toMemberId'), points: sendable, pool: true });
  };

  const confirm = async () => {
    if (!confirming || transfer.isPending) return;
    const recipient = recipientOf(confirming.toMemberId);
    try {
      const { toMemberId, points, pool } = confirming;
      const response = await transfer.mutateAsync(pool ? { toMemberId } : { toMemberId, points });
      onOutcome({
        status: 'success',
        message: {
          key: 'household.sent',
          values: {
            // What the server sent: a pool's points are counted there, at that moment.
            points: formatNumber(response.data.transaction.points, i18n.language),
            name: isolate(recipient ? fullName(recipient) : ''),
            balance: formatNumber(response.data.balance.pointBalance, i18n.language),
          },
        },
      });
      resetField('points');
    } catch (error) {
      onOutcome(householdFailure(error));
    } finally {
      setConfirming(null);
    }
  };

  const confirmingRecipient = confirming ? recipientOf(confirming.toMemberId) : undefined;

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={accessibleText(t('household.transfer_form'))}
    >
      <Stack gap="3">
        <Field.Root invalid={!!errors.toMemberId} required>
          <Field.Label>
            {t('household.recipient')}
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('toMemberId')}>
              <option value="">{t('household.recipient_choose')}</option>
              {recipients.map((member) => (
                <option key={member.id} value={member.id}>
                  {fullName(member)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <FieldError message={fieldError(errors.toMemberId?.message)} />
        </Field.Root>
        <Field.Root invalid={!!errors.points} required>
          <Field.Label>
            {t('household.points')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            {...pointsField}
            ref={(element) => {
              registerPoints(element);
              pointsInput.current = element;
            }}
          />
          <FieldError message={fieldError(errors.points?.message)} />
        </Field.Root>
        <Flex gap="3" wrap="wrap">
          <Button type="submit">{t('household.send')}</Button>
          {sendable ? (
            <Button type="button" variant="outline" onClick={() => void onPool()}>
              {t('household.pool', { points: formatNumber(sendable, i18n.language) })}
            </Button>
          ) : null}
        </Flex>
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title={t(confirming?.pool ? 'household.confirm_pool_title' : 'household.confirm_send_title')}
        text={
          confirming ? (
            <>
              <Text as="span" display="block">
                {t('household.confirm_recipient', {
                  name: isolate(confirmingRecipient ? fullName(confirmingRecipient) : ''),
                })}
              </Text>
              <Text as="span" display="block" fontWeight="semibold">
                {t('household.confirm_points', { points: formatNumber(confirming.points, i18n.language) })}
              </Text>
              <Text as="span" display="block">
                {t('household.confirm_final')}
              </Text>
            </>
          ) : null
        }
        action={t('household.confirm_send')}
        sending={transfer.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(null)}
        finalFocusEl={() => outcomeRef.current ?? pointsInput.current}
      />
    </form>
  );
}
