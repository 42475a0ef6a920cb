import { Button, Field, FieldError, Flex, Input, Stack } from '@loyalty/shared/ui';
import { useForm } from 'react-hook-form';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  householdChangeMutationOptions,
  inviteToHousehold,
  InviteToHouseholdRequestSchema,
} from '@loyalty/shared/api/household';
import { formResolver, type v } from '@loyalty/shared/validation';
import { messageKey } from '../../components/points/message-key';
import { householdFailure, type HouseholdOutcome } from './household-outcome';
import { HOUSEHOLD_NAMESPACE } from './household-texts';

type InviteFormInput = v.InferInput<typeof InviteToHouseholdRequestSchema>;
type InviteForm = v.InferOutput<typeof InviteToHouseholdRequestSchema>;

/** Invite an address by e-mail; the address stays in the field when the invitation is refused. */
export function InviteForm({ onOutcome }: { onOutcome: (outcome: HouseholdOutcome) => void }) {
  const { t } = useTranslation([HOUSEHOLD_NAMESPACE, 'common']);
  const invite = useMutation(householdChangeMutationOptions(useQueryClient(), inviteToHousehold));
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InviteFormInput, unknown, InviteForm>({
    resolver: formResolver(InviteToHouseholdRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    onOutcome(null);
    try {
      await invite.mutateAsync(values);
      onOutcome({ status: 'success', message: { key: 'household.invited', values: { email: values.email } } });
      reset();
    } catch (error) {
      onOutcome(householdFailure(error));
    }
  });
  const emailError = messageKey(errors.email?.message);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={accessibleText(t('household.invite_form'))}>
      <Stack gap="3">
        <Field.Root invalid={!!errors.email} required>
          <Field.Label>
            {t('household.invite_email')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="email" autoComplete="off" {...register('email')} />
          <Field.HelperText>{t('household.invite_help')}</Field.HelperText>
          <FieldError message={emailError ? t(emailError) : undefined} />
        </Field.Root>
        <Flex>
          <Button type="submit" loading={isSubmitting} loadingText={t('household.inviting')}>
            {t('household.invite')}
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}
