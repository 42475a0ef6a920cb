import { loadRemote } from '@module-federation/enhanced/runtime';
import { reRegisterRemote } from './register-released-remotes';

export interface RetryOptions {
  /** Attempts in all, the first included. */
  attempts?: number;
  /** Wait before the first retry; doubled for each next one. */
  baseDelayMs?: number;
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads `<remote>/<module>`, retrying with exponential back-off when its entry or one of its
 * chunks fails (a flaky network, a deploy in progress). Each retry registers the remote again, so
 * the runtime fetches the entry anew instead of replaying the cached failure. A tampered entry
 * fails every attempt (the browser refuses it) and the error reaches the area's fallback.
 */
export async function loadRemoteWithRetry<T>(
  remote: string,
  module: string,
  { attempts = 3, baseDelayMs = 300, wait = sleep }: RetryOptions = {},
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (attempt > 0) {
      await wait(baseDelayMs * 2 ** (attempt - 1));
      reRegisterRemote(remote);
    }
    try {
      const loaded = await loadRemote<T>(`${remote}/${module}`);
      if (loaded) return loaded;
      lastError = new Error(`${remote}/${module} could not be loaded`);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
