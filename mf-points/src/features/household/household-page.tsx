import { useRef, useState } from 'react';
import {
  ActionOutcome,
  Badge,
  Box,
  Button,
  Card,
  ErrorPanel,
  Flex,
  Heading,
  PageHeading,
  Stack,
  Text,
} from '@loyalty/shared/ui';
import { Skeleton } from '@loyalty/shared/ui-data-display';
import { ConfirmDialog } from '@loyalty/shared/ui-dialogs';
import { paths, useLocation, useNavigate } from '@loyalty/shared/router';
import { accessibleText, formatNumber, useTranslation } from '@loyalty/shared/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { balanceQueryOptions } from '@loyalty/shared/api';
import {
  HOUSEHOLD_DAILY_TRANSFER_LIMIT,
  HOUSEHOLD_INVITATION_DAYS,
  HOUSEHOLD_MAX_MEMBERS,
  acceptHouseholdInvitation,
  householdChangeMutationOptions,
  householdQueryOptions,
  leaveHousehold,
  type Household,
} from '@loyalty/shared/api/household';
import { messageText } from '@loyalty/shared/api/messages';
import { householdFailure, type HouseholdOutcome } from './household-outcome';
import { InviteForm } from './invite-form';
import { PendingInvitations } from './pending-invitations';
import { TransferForm } from './transfer-form';
import { HOUSEHOLD_NAMESPACE } from './household-texts';

/** The token of an invitation link (`#token=…`), which never reaches a server. */
function invitationTokenOf(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token');
}

/**
 * `/dashboard/household`: the member's household (docs/product/household.md). Its members and
 * pending invitations, an invite form while there is room, a transfer form with a confirm step,
 * and leaving with a confirm. Opened from an invitation's link it offers to accept it first.
 */
export function HouseholdPage() {
  const { t, i18n } = useTranslation([HOUSEHOLD_NAMESPACE, 'common']);
  const queryClient = useQueryClient();
  const household = useQuery({ ...householdQueryOptions(), refetchOnMount: 'always' });
  const accept = useMutation(householdChangeMutationOptions(queryClient, acceptHouseholdInvitation));
  const leave = useMutation(householdChangeMutationOptions(queryClient, leaveHousehold));
  const [outcome, setOutcome] = useState<HouseholdOutcome>(null);
  const [confirmingLeave, setConfirmingLeave] = useState(false);
  const outcomeRef = useRef<HTMLDivElement | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const token = invitationTokenOf(location.hash);
  const format = (value: number) => formatNumber(value, i18n.language);

  const acceptInvitation = async () => {
    if (!token || accept.isPending) return;
    setOutcome(null);
    try {
      await accept.mutateAsync({ token });
      setOutcome({ status: 'success', message: { key: 'household.server.accepted' } });
      // The link is spent: it leaves the address bar (and the history) once used.
      void navigate(paths.dashboard.household, { replace: true });
    } catch (error) {
      setOutcome(householdFailure(error));
    }
  };

  const confirmLeave = async () => {
    try {
      await leave.mutateAsync(undefined);
      setOutcome({ status: 'success', message: { key: 'household.server.left' } });
    } catch (error) {
      setOutcome(householdFailure(error));
    } finally {
      setConfirmingLeave(false);
    }
  };

  return (
    <Stack gap="6">
      <Stack gap="1">
        <PageHeading>{t('household.title')}</PageHeading>
        <Text color="fg.muted">
          {t('household.intro', {
            members: format(HOUSEHOLD_MAX_MEMBERS),
            limit: format(HOUSEHOLD_DAILY_TRANSFER_LIMIT),
          })}
        </Text>
      </Stack>

      {outcome ? (
        <Box data-testid="household-outcome">
          <ActionOutcome ref={outcomeRef} status={outcome.status} title={messageText(outcome.message, t)} />
        </Box>
      ) : null}

      {token ? (
        <Section id="household-invitation" title={t('household.invitation_title')}>
          <Text>{t('household.invitation_text')}</Text>
          <Flex>
            <Button
              loading={accept.isPending}
              loadingText={t('household.accepting')}
              onClick={() => void acceptInvitation()}
            >
              {t('household.accept')}
            </Button>
          </Flex>
        </Section>
      ) : null}

      {household.isError ? (
        <ErrorPanel title={t('household.error')} onRetry={() => void household.refetch()} />
      ) : !household.isSuccess ? (
        <Stack gap="4" aria-busy="true" aria-label={accessibleText(t('household.loading'))}>
          <Skeleton height="32" />
        </Stack>
      ) : household.data === null ? (
        <Section id="household-start" title={t('household.start_title')}>
          <Text>{t('household.start_text', { days: format(HOUSEHOLD_INVITATION_DAYS) })}</Text>
          <InviteForm onOutcome={setOutcome} />
        </Section>
      ) : (
        <HouseholdDetails
          household={household.data}
          onOutcome={setOutcome}
          outcomeRef={outcomeRef}
          onLeave={() => {
            setOutcome(null);
            setConfirmingLeave(true);
          }}
        />
      )}

      <ConfirmDialog
        open={confirmingLeave}
        title={t('household.leave_title')}
        text={t('household.leave_text')}
        action={t('household.leave_confirm')}
        actionPalette="red"
        sending={leave.isPending}
        onConfirm={() => void confirmLeave()}
        onClose={() => setConfirmingLeave(false)}
        finalFocusEl={() => outcomeRef.current}
      />
    </Stack>
  );
}

/** A household's members, invitations, invite and transfer forms, and the way out. */
function HouseholdDetails({
  household: { members, invitations, sentToday, dailyLimit, maxMembers },
  onOutcome,
  outcomeRef: ref,
  onLeave,
}: {
  household: Household;
  onOutcome: (outcome: HouseholdOutcome) => void;
  outcomeRef: React.RefObject<HTMLDivElement | null>;
  onLeave: () => void;
}) {
  const { t, i18n } = useTranslation([HOUSEHOLD_NAMESPACE, 'common']);
  const format = (value: number) => formatNumber(value, i18n.language);
  const recipients = members.filter((member) => !member.you);
  const balance = useQuery(balanceQueryOptions());
  const sendable = balance.isSuccess ? Math.max(0, Math.min(balance.data.pointBalance, dailyLimit - sentToday)) : null;
  const room = members.length + invitations.length < maxMembers;
  return (
    <>
      <Section id="household-members" title={t('household.members_title')}>
        <Stack as="ul" gap="2" listStyleType="none" aria-labelledby="household-members">
          {members.map((member) => (
            <Flex as="li" key={member.id} gap="2" alignItems="center">
              <Text>{`${member.firstname} ${member.lastname}`}</Text>
              {member.you ? <Badge>{t('household.you')}</Badge> : null}
            </Flex>
          ))}
        </Stack>
        <PendingInvitations invitations={invitations} onOutcome={onOutcome} />
        {room ? (
          <InviteForm onOutcome={onOutcome} />
        ) : (
          <Text color="fg.muted">{t('household.full', { members: format(maxMembers) })}</Text>
        )}
      </Section>

      <Section id="household-transfer" title={t('household.transfer_title')}>
        <Text>{t('household.sent_today', { sent: format(sentToday), limit: format(dailyLimit) })}</Text>
        {recipients.length > 0 ? (
          <TransferForm recipients={recipients} sendable={sendable} onOutcome={onOutcome} outcomeRef={ref} />
        ) : (
          <Text color="fg.muted">{t('household.no_recipients')}</Text>
        )}
      </Section>

      <Flex>
        <Button variant="outline" colorPalette="red" onClick={onLeave}>
          {t('household.leave')}
        </Button>
      </Flex>
    </>
  );
}

/**
 * A card of the page: a section named by its h2. As wide as the claim page's form at most: an
 * e-mail or a number field across a desktop's whole width is hard to read and to aim at.
 */
function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Card.Root as="section" aria-labelledby={id} maxWidth="2xl">
      <Card.Body>
        <Stack gap="4">
          <Heading as="h2" size="md" id={id}>
            {title}
          </Heading>
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
