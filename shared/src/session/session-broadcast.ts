/**
 * Tells the member's other tabs that the session ended here (logout), so they show the
 * session-timeout modal instead of carrying on with a token the server has revoked.
 */
const CHANNEL_NAME = 'loyalty-session';

type SessionMessage = { type: 'logout' };

let channel: BroadcastChannel | null = null;

function openChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  channel ??= new BroadcastChannel(CHANNEL_NAME);
  return channel;
}

export function announceLogout(): void {
  openChannel()?.postMessage({ type: 'logout' } satisfies SessionMessage);
}

export function onLogoutElsewhere(listener: () => void): void {
  openChannel()?.addEventListener('message', (event: MessageEvent<SessionMessage>) => {
    if (event.data?.type === 'logout') listener();
  });
}
