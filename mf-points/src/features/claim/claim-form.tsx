import { useState } from 'react';
import { ActionOutcome, Button, Field, FieldError, Input, Link, List, Stack, Text } from '@loyalty/shared/ui';
import { Link as RouterLink, paths, useSearchParams } from '@loyalty/shared/router';
import { useForm, useWatch } from 'react-hook-form';
import { accessibleText, formatDate, formatNumber, isolate, useTranslation } from '@loyalty/shared/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { claimPointsMutationOptions, type Transaction } from '@loyalty/shared/api';
import { messageText } from '@loyalty/shared/api/messages';
import { CLAIM_WINDOW_DAYS, formResolver, isCalendarDate } from '@loyalty/shared/validation';
import { helpSectionId } from '../../components/help/help-sections';
import { messageKey } from '../../components/points/message-key';
import { claimPrefill } from '../../components/bookings/claim-link';
import { claimFailure, type ClaimFailure } from './claim-outcome';
import { ClaimFormSchema, type ClaimForm, type ClaimFormInput } from './claim-schema';
import { PAGE_TEXTS_NAMESPACE } from '../../components/page-texts/page-texts';

type Outcome = { kind: 'success'; transaction: Transaction } | ClaimFailure | null;

/** Claim a booking's points by its id and start date (docs/product/frame.md, §4, §8). */
export function ClaimPointsForm() {
  const { t, i18n } = useTranslation([PAGE_TEXTS_NAMESPACE, 'points', 'common'], { nsMode: 'fallback' });
  const [outcome, setOutcome] = useState<Outcome>(null);
  // A claim asks again for the balance, pending list, tiers and history everywhere they show.
  const claim = useMutation(claimPointsMutationOptions(useQueryClient()));
  // A stay whose points are missing links here with its id and check-in day (docs/product/bookings.md).
  const [searchParams] = useSearchParams();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ClaimFormInput, unknown, ClaimForm>({
    resolver: formResolver(ClaimFormSchema),
    defaultValues: claimPrefill(searchParams),
  });

  // The field shows the date in the browser's own format (mm/dd/yyyy in an American browser, whatever
  // the portal's language), so the chosen day is read back in the member's language: a 03/04 meant
  // as 3 April shows as 4 March before it is sent.
  const bookingDate = useWatch({ control, name: 'bookingDate' });
  const chosenDay = isCalendarDate(bookingDate) ? formatDate(bookingDate, i18n.language, 'full') : null;

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const response = await claim.mutateAsync(values);
      setOutcome({ kind: 'success', transaction: response.data });
      reset({ bookingId: '', bookingDate: '' });
    } catch (error) {
      // What the member typed stays in the form, so they can correct it.
      setOutcome(claimFailure(error));
    }
  });

  const fieldError = (message: string | undefined) => {
    const key = messageKey(message, PAGE_TEXTS_NAMESPACE);
    return key ? t(key) : undefined;
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={accessibleText(t('claim.form_label'))}>
      <Stack gap="5">
        {/* The outcome takes the focus the pressed button dropped. */}
        {outcome?.kind === 'success' ? (
          <ActionOutcome status="success" title={t('claim.success')}>
            {/* The claim's facts beside the success text: the points, the booking, the day they unlock. */}
            <List.Root variant="plain" gap="0.5" marginTop="1">
              <List.Item fontWeight="semibold">
                {t('claim.outcome_points', {
                  count: outcome.transaction.points,
                  points: formatNumber(outcome.transaction.points, i18n.language),
                  booking: isolate(outcome.transaction.bookingId ?? ''),
                })}
              </List.Item>
              {outcome.transaction.availableOn ? (
                <List.Item>
                  {t(
                    outcome.transaction.type === 'credit'
                      ? 'claim.outcome_available_now'
                      : 'claim.outcome_available_on',
                    { date: formatDate(outcome.transaction.availableOn, i18n.language, 'long') },
                  )}
                </List.Item>
              ) : null}
            </List.Root>
          </ActionOutcome>
        ) : outcome ? (
          <ActionOutcome
            status="error"
            title={
              outcome.kind === 'invalid'
                ? t('claim.invalid')
                : outcome.kind === 'already_claimed'
                  ? t('claim.already_claimed')
                  : messageText(outcome.message, t)
            }
          />
        ) : null}
        <Field.Root invalid={!!errors.bookingId} required>
          <Field.Label>
            {t('claim.booking_id')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input autoComplete="off" spellCheck={false} placeholder="BK-1001" {...register('bookingId')} />
          <Field.HelperText>{t('claim.booking_id_help')}</Field.HelperText>
          <FieldError message={fieldError(errors.bookingId?.message)} />
        </Field.Root>
        <Field.Root invalid={!!errors.bookingDate} required>
          <Field.Label>
            {t('claim.booking_date')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="date" {...register('bookingDate')} />
          {/* The claim window beside the date it limits, with the way to the rules (docs/product/points.md).
              Paragraphs, so the link keeps the line's height on a phone (the touch-target floor spares
              links inside a sentence). */}
          <Field.HelperText>
            <Text>
              {chosenDay ? t('claim.booking_date_chosen', { date: chosenDay }) : t('claim.booking_date_help')}
            </Text>
            <Text>
              {t('claim.window_hint', { days: formatNumber(CLAIM_WINDOW_DAYS, i18n.language) })}{' '}
              <Link asChild variant="underline">
                <RouterLink to={`${paths.dashboard.help}#${helpSectionId('claims')}`}>
                  {t('claim.window_link')}
                </RouterLink>
              </Link>
            </Text>
          </Field.HelperText>
          <FieldError message={fieldError(errors.bookingDate?.message)} />
        </Field.Root>
        <Button type="submit" loading={isSubmitting} loadingText={t('claim.submitting')} alignSelf="start">
          {t('claim.submit')}
        </Button>
      </Stack>
    </form>
  );
}
