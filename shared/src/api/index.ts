// The public surface of `@loyalty/shared/api`: one typed function per endpoint, and the contract
// schemas that both the apps and the mock API use.
export * from './contract/auth';
export * from './contract/points';
export { parseResponse } from './parse-response';
export { login } from './login';
export { getCurrentUser } from './get-current-user';
export { logout } from './logout';
export { getBalance } from './get-balance';
