// `@loyalty/shared/api/household`: the household's contract and calls (docs/product/household.md).
// Not a federated module: only the household page uses them, so its remote bundles them into the
// page's own chunk, and the dashboard, which loads `@loyalty/shared/api`, does not pay for them.
// They reach the rest of the API (parsing, keys, the balance) through `@loyalty/shared/api`, the
// page's one copy of it.
export * from './contract/household';
export { getHousehold, householdQueryOptions } from './get-household';
export {
  acceptHouseholdInvitation,
  householdChangeMutationOptions,
  inviteToHousehold,
  leaveHousehold,
  withdrawHouseholdInvitation,
} from './change-household';
export {
  transferHouseholdPoints,
  transferHouseholdPointsMutationOptions,
  type HouseholdTransferInput,
} from './transfer-household-points';
