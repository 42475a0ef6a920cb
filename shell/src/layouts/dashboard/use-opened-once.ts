import { useState } from 'react';

/**
 * True from the first time `open` is true on: a drawer loaded on demand mounts when first opened
 * and then stays mounted, so it can play its closing animation and keep its state.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
