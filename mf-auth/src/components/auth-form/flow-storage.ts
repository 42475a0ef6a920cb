/**
 * What a journey carries from one screen to the next (the e-mail a code went to, the reset token a
 * code was exchanged for). Router state carries it on a click; session storage keeps it across a
 * reload of the same tab and is cleared when the journey ends. The keys are prefixed so they never
 * collide with the session's own `email` entry, whose disappearance means "session expired".
 */
const KEYS = {
  registerEmail: 'mf-auth.register-email',
  resetEmail: 'mf-auth.reset-email',
  resetToken: 'mf-auth.reset-token',
} as const;

export type FlowKey = keyof typeof KEYS;

export function rememberFlow(key: FlowKey, value: string): void {
  try {
    sessionStorage.setItem(KEYS[key], value);
  } catch {
    // Storage can be unavailable (private mode quotas); router state still carries the value.
  }
}

export function recallFlow(key: FlowKey): string | null {
  try {
    return sessionStorage.getItem(KEYS[key]);
  } catch {
    return null;
  }
}

export function forgetFlow(...keys: FlowKey[]): void {
  for (const key of keys) {
    try {
      sessionStorage.removeItem(KEYS[key]);
    } catch {
      // Nothing to forget when storage is unavailable.
    }
  }
}

/** The value a link carried in router state (what the member typed on the page before), or none. */
export function stateValue(state: unknown, field: string): string | null {
  if (typeof state === 'object' && state !== null && field in state) {
    const value = (state as Record<string, unknown>)[field];
    if (typeof value === 'string' && value) return value;
  }
  return null;
}

/** The value from router state when the member clicked through, else the one kept for a reload. */
export function flowValue(state: unknown, field: string, key: FlowKey): string | null {
  return stateValue(state, field) ?? recallFlow(key);
}
