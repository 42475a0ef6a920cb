import { Button, Flex, Heading, Stack, Text } from '@loyalty/shared/ui';
import { accessibleText, formatDate, isolate, useTranslation } from '@loyalty/shared/i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  householdChangeMutationOptions,
  withdrawHouseholdInvitation,
  type HouseholdInvitation,
} from '@loyalty/shared/api/household';
import { householdFailure, type HouseholdOutcome } from './household-outcome';
import { HOUSEHOLD_NAMESPACE } from './household-texts';

/**
 * The household's pending invitations, each until when its link works. The member who sent one
 * may withdraw it, at once and without a confirm step: inviting again undoes it. The outcome then
 * takes the focus, since the button pressed has gone with its invitation.
 */
export function PendingInvitations({
  invitations,
  onOutcome,
}: {
  invitations: HouseholdInvitation[];
  onOutcome: (outcome: HouseholdOutcome) => void;
}) {
  const { t, i18n } = useTranslation([HOUSEHOLD_NAMESPACE, 'common']);
  const withdraw = useMutation(householdChangeMutationOptions(useQueryClient(), withdrawHouseholdInvitation));

  const withdrawInvitation = async ({ id, email }: HouseholdInvitation) => {
    if (withdraw.isPending) return;
    onOutcome(null);
    try {
      await withdraw.mutateAsync(id);
      onOutcome({ status: 'success', message: { key: 'household.withdrawn', values: { email: isolate(email) } } });
    } catch (error) {
      onOutcome(householdFailure(error));
    }
  };

  if (invitations.length === 0) return null;
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm" id="household-invitations">
        {t('household.invitations_title')}
      </Heading>
      <Stack as="ul" gap="2" listStyleType="none" aria-labelledby="household-invitations">
        {invitations.map((invitation) => (
          <Flex as="li" key={invitation.id} gap="3" alignItems="center" wrap="wrap">
            <Text>
              {t('household.invitation_pending', {
                email: isolate(invitation.email),
                date: formatDate(invitation.expiresAt, i18n.language),
              })}
            </Text>
            {invitation.sentByYou ? (
              <Button
                size="sm"
                variant="outline"
                loading={withdraw.isPending && withdraw.variables === invitation.id}
                loadingText={t('household.withdrawing')}
                aria-label={accessibleText(t('household.withdraw_label', { email: isolate(invitation.email) }))}
                onClick={() => void withdrawInvitation(invitation)}
              >
                {t('household.withdraw')}
              </Button>
            ) : null}
          </Flex>
        ))}
      </Stack>
    </Stack>
  );
}
