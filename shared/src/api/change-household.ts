import { mutationOptions } from './query-options';
import { http } from '@loyalty/shared/http';
import {
  HouseholdChangeResponseSchema,
  type AcceptHouseholdInvitationRequest,
  type HouseholdChangeResponse,
  type InviteToHouseholdRequest,
} from './contract/household';
import { householdQueryOptions } from './get-household';
import { parseResponse } from '@loyalty/shared/api';
import type { QueryClient } from '@tanstack/react-query';

// Invite, withdraw, accept and leave each answer with the household as it is now (null once left): the
// page shows it at once, without asking again.

export async function inviteToHousehold(payload: InviteToHouseholdRequest): Promise<HouseholdChangeResponse> {
  return parseResponse(HouseholdChangeResponseSchema, await http.post('/api/user/household/invitations', payload));
}

/** Withdraws an invitation the member sent: its link then works no more. */
export async function withdrawHouseholdInvitation(invitationId: string): Promise<HouseholdChangeResponse> {
  return parseResponse(
    HouseholdChangeResponseSchema,
    await http.post(`/api/user/household/invitations/${encodeURIComponent(invitationId)}/withdraw`, {}),
  );
}

export async function acceptHouseholdInvitation(
  payload: AcceptHouseholdInvitationRequest,
): Promise<HouseholdChangeResponse> {
  return parseResponse(HouseholdChangeResponseSchema, await http.post('/api/user/household/accept', payload));
}

export async function leaveHousehold(): Promise<HouseholdChangeResponse> {
  return parseResponse(HouseholdChangeResponseSchema, await http.post('/api/user/household/leave', {}));
}

export const householdChangeMutationOptions = <Input>(
  queryClient: QueryClient,
  change: (input: Input) => Promise<HouseholdChangeResponse>,
) =>
  mutationOptions({
    mutationFn: change,
    onSuccess: (response: HouseholdChangeResponse) =>
      queryClient.setQueryData(householdQueryOptions().queryKey, response.data),
    // A refusal (full, used meanwhile) may mean the household changed: it is asked again.
    onError: () => void queryClient.invalidateQueries({ queryKey: householdQueryOptions().queryKey }),
  });
