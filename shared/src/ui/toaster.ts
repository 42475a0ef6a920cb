import { createToaster } from '@chakra-ui/react';

/** SPEC §9: at most 5 at once, auto-hide after 3000 ms, top right, success by default. */
export const TOAST_MAX = 5;
export const TOAST_DURATION_MS = 3000;

export const toaster = createToaster({ placement: 'top-end', max: TOAST_MAX, duration: TOAST_DURATION_MS });

export type ToastType = 'success' | 'error' | 'info' | 'warning';

/**
 * Shows a toast unless the same text is already on screen (SPEC §9: duplicates prevented).
 * The id is derived from type and text so a repeat is recognised.
 */
export function notify(message: string, type: ToastType = 'success'): void {
  const id = `${type}:${message}`;
  if (toaster.isVisible(id)) return;
  toaster.create({ id, title: message, type });
}
