/**
 * What a page that had a code sent passes on to the code page: the address, and the server's
 * cool-down as an instant, so that a reload (which keeps router state) shows what is left of it.
 */
export function codeSentState(email: string, resendAfter: number) {
  return { email, sent: true, resendAt: Date.now() + resendAfter * 1000 };
}

/** Seconds left until the `resendAt` of {@link codeSentState} (0 when none is left, or none came). */
export function secondsUntilResend(state: unknown): number {
  const value = typeof state === 'object' && state !== null ? (state as { resendAt?: unknown }).resendAt : 0;
  return typeof value === 'number' ? Math.max(0, Math.ceil((value - Date.now()) / 1000)) : 0;
}
