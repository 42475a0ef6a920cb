// The public surface of `@loyalty/shared/api`: one typed function per endpoint with its query or
// mutation options beside it, and the contract schemas that both the apps and the mock API use.
// The one query client is `@loyalty/shared/api/query-client`; how a page words a failed call,
// `@loyalty/shared/api/messages`. Three federated modules, so that a page loads only what it uses.
// The household's contract and calls are `@loyalty/shared/api/household`, bundled by the one page
// that uses them, so the dashboard does not download them with this module.
export * from './contract/auth';
export * from './contract/points';
export * from './contract/geo';
export * from './contract/account';
export * from './contract/permissions';
export * from './contract/dev';
export * from './contract/rewards';
export * from './contract/vouchers';
export * from './contract/bookings';
export * from './contract/passkeys';
export * from './contract/localized-text';
export { parseResponse } from './parse-response';
export { queryKeys, POINTS_FRESH_MS } from './query-keys';
export { FROM_START_UP, type StartUpRequestOptions } from './start-up-answers';
export { dashboardQueries, prefetchDashboardQueries } from './dashboard-queries';
export { login } from './login';
export { getCurrentUser, currentUserQueryOptions } from './get-current-user';
export { logout } from './logout';
export { signOutByKey } from './sign-out-key';
export { refreshKeptSession } from './refresh-kept-session';
export { afterSignIn, afterSignOut, endKeptSession, resumeKeptSession } from './kept-session';
export { isDeviceKept } from './kept-device';
export { register } from './register';
export { verifyOtp } from './verify-otp';
export { forgotPassword } from './forgot-password';
export { reportSignIn } from './report-sign-in';
export { setPassword } from './set-password';
export { updateProfile } from './update-profile';
export { changePassword } from './change-password';
export { getPasskeys, passkeysQueryOptions } from './get-passkeys';
export { addPasskey, addPasskeyMutationOptions, getPasskeyRegistrationOptions } from './add-passkey';
export { removePasskey, removePasskeyMutationOptions } from './remove-passkey';
export { getPasskeySignInOptions, signInWithPasskey } from './sign-in-with-passkey';
export { setPasswordSignIn, setPasswordSignInMutationOptions } from './set-password-sign-in';
export { confirmWithPasskey, type StepUp } from './step-up';
export { deleteAccount, downloadMyData } from './my-data';
export { endSessionsMutationOptions, getSessions, sessionsQueryOptions } from './sessions';
export { updateMember } from './update-member';
export { fetchTiers, tiersQueryOptions } from './fetch-tiers';
export { BALANCE_QUERY_KEY, getBalance, balanceQueryOptions } from './get-balance';
export { getPendingPoints, pendingPointsQueryOptions } from './get-pending-points';
export { claimPoints, claimPointsMutationOptions } from './claim-points';
export { redeemPoints, redeemPointsMutationOptions, isOverBalanceRefusal } from './redeem-points';
export {
  getTransactions,
  transactionsQueryOptions,
  latestTransactionsQueryOptions,
  allTransactionsQueryOptions,
  statementRangeQueryOptions,
  LATEST_TRANSACTIONS_COUNT,
} from './get-transactions';
export { getTransaction, transactionQueryOptions } from './get-transaction';
export { getRewards, rewardsQueryOptions } from './get-rewards';
export {
  redeemReward,
  redeemRewardMutationOptions,
  rewardRefusal,
  type RedeemRewardInput,
  type RewardRefusal,
} from './redeem-reward';
export { getVouchers, vouchersQueryOptions } from './get-vouchers';
export { getBookings, bookingsQueryOptions } from './get-bookings';
export { cancelVoucher, cancelVoucherMutationOptions, voucherRefusal, type VoucherRefusal } from './cancel-voucher';
export { getCountries, countriesQueryOptions } from './get-countries';
export { getStates, statesQueryOptions } from './get-states';
export { getCities, citiesQueryOptions } from './get-cities';
export { getAccountGeneral, accountGeneralQueryOptions } from './get-account-general';
export { getWorkspace, workspaceQueryOptions } from './get-workspace';
export { updateWorkspace, updateWorkspaceMutationOptions } from './update-workspace';
export { getRolePermissions, rolePermissionsQueryOptions } from './get-role-permissions';
export { checkPermissions, permissionQueryOptions } from './check-permissions';
export {
  FALLBACK_COUNTRY_CODE,
  defaultCountry,
  dialDigits,
  parseInternationalNumber,
  type DialCountry,
  type ParsedPhone,
} from './dial-code';
