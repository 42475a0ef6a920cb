/**
 * "Keep me signed in on this device" (decision 080): the mark that the member chose it, and until
 * when, kept in the API layer, which a page loads on demand: the session's first scripts only
 * look whether a mark is there (`KEPT_DEVICE_KEY`). No secret: the API's HttpOnly cookie is what signs in; this says only that a page with no
 * session in its tab should ask the API for one, and that the kept answers live in localStorage.
 * `ending`: signed out where the API could not be told (offline, no token in the tab); the kept
 * session is ended there as soon as the network is back.
 */
import { KEPT_DEVICE_KEY } from '@loyalty/shared/session';

interface KeptDevice {
  until: number;
  ending?: true;
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The mark, or undefined; one past its end (or not one) is forgotten with what it kept. */
function readKept(now: number): KeptDevice | undefined {
  let kept: Partial<KeptDevice> | null = null;
  try {
    kept = JSON.parse(storage()?.getItem(KEPT_DEVICE_KEY) ?? 'null') as Partial<KeptDevice> | null;
  } catch {
    // Not ours: forgotten below.
  }
  if (typeof kept?.until === 'number' && kept.until > now) return kept as KeptDevice;
  if (storage()?.getItem(KEPT_DEVICE_KEY) !== null) write(undefined);
  return undefined;
}

function write(kept: KeptDevice | undefined): void {
  try {
    if (kept) storage()?.setItem(KEPT_DEVICE_KEY, JSON.stringify(kept));
    else storage()?.removeItem(KEPT_DEVICE_KEY);
  } catch {
    // Storage refused: the device is simply not kept (the next tab signs in again).
  }
}

/** Whether this device is kept signed in now: chosen, before its end, not being signed out. */
export function isDeviceKept(now = Date.now()): boolean {
  const kept = readKept(now);
  return kept !== undefined && !kept.ending;
}

/**
 * After a sign-in's answer: the device kept until `keptUntil` when the member chose it; else no
 * device kept, and a kept session the device still held is ended (`endKeptSession`).
 */
export function markDeviceKept(keptUntil: string | undefined): void {
  const until = keptUntil ? Date.parse(keptUntil) : NaN;
  if (Number.isFinite(until)) write({ until });
  else if (isDeviceKept()) forgetKeptDevice(false);
}

/** Forgets the mark; when the API could not be told of the sign-out, ends the kept session later. */
export function forgetKeptDevice(serverTold = true): void {
  const kept = readKept(Date.now());
  write(!serverTold && kept ? { until: kept.until, ending: true } : undefined);
}

/** Whether a sign-out the API could not hear still has to end the kept session (`endKeptSession`). */
export function keptSessionEnding(): boolean {
  return readKept(Date.now())?.ending === true;
}
