import { constants } from 'node:os';
import { lockedWorkDone } from './manifest-store';

/**
 * A signal this soon after the first is the same Ctrl+C delivered again: the terminal signals every
 * process of its foreground group, and `npm run` relays what it gets to its script as well.
 */
const SAME_CTRL_C_MS = 1_000;

/**
 * Ctrl+C (or SIGTERM) aborts the walks: each records where it is and stops, the canary left at its
 * share. A second Ctrl+C quits without waiting for them, once the write under way (manifest,
 * lease) is done. Installed before a walk is claimed, so no moment of a walk falls to the default
 * of dying where it stands.
 */
export function stopOnSignals(): AbortSignal {
  const controller = new AbortController();
  let firstAt: number | undefined;
  const stop = (signal: NodeJS.Signals) => {
    if (firstAt === undefined) {
      firstAt = Date.now();
      console.error('Stopping: a walk under way records where it is (Ctrl+C again to quit at once)…');
      controller.abort();
      return;
    }
    if (Date.now() - firstAt < SAME_CTRL_C_MS) return;
    console.error('Quitting once the write under way is done.');
    void lockedWorkDone().then(() => process.exit(128 + constants.signals[signal]));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return controller.signal;
}
