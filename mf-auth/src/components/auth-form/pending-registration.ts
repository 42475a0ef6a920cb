import type { RegisterRequest } from '@loyalty/shared/api';

/**
 * The details of a registration waiting for its code, kept in memory only (never in storage: it
 * holds the password), so that "Send a new code" can register the address again, which is how the
 * API sends a fresh code (mock-api README "Register → verify"). After a reload it is gone and the
 * code screen offers to start again instead.
 */
let pending: RegisterRequest | null = null;

export function setPendingRegistration(details: RegisterRequest | null): void {
  pending = details;
}

export function pendingRegistration(email: string): RegisterRequest | null {
  return pending && pending.email.trim().toLowerCase() === email.trim().toLowerCase() ? pending : null;
}
