// The public surface of `@loyalty/shared/api`: one typed function per endpoint, and the contract
// schemas that both the apps and the mock API use.
export * from './contract/auth';
export * from './contract/points';
export * from './contract/geo';
export * from './contract/account';
export * from './contract/permissions';
export * from './contract/dev';
export { parseResponse } from './parse-response';
export { login } from './login';
export { getCurrentUser } from './get-current-user';
export { logout } from './logout';
export { register } from './register';
export { verifyOtp } from './verify-otp';
export { forgotPassword } from './forgot-password';
export { setPassword } from './set-password';
export { updateProfile } from './update-profile';
export { changePassword } from './change-password';
export { updateMember } from './update-member';
export { fetchTiers } from './fetch-tiers';
export { getBalance } from './get-balance';
export { getPendingPoints } from './get-pending-points';
export { claimPoints } from './claim-points';
export { redeemPoints } from './redeem-points';
export { getTransactions } from './get-transactions';
export { getCountries } from './get-countries';
export { getStates } from './get-states';
export { getCities } from './get-cities';
export { getAccountGeneral } from './get-account-general';
export { getWorkspace } from './get-workspace';
export { updateWorkspace } from './update-workspace';
export { getRolePermissions } from './get-role-permissions';
export { checkPermissions } from './check-permissions';
export {
  FALLBACK_COUNTRY_CODE,
  defaultCountry,
  dialDigits,
  parseInternationalNumber,
  type DialCountry,
  type ParsedPhone,
} from './dial-code';
