import { tellOfCodeNotLoaded } from '@loyalty/shared/http';

/**
 * Runs `action` while the shell takes over telling of files of the page's build that did not load
 * (its update notice, decision 068), as on a page under a service worker. Gives back the shell's
 * side, which says how often a form handed it a failure.
 */
export async function whileTheShellTells(action: () => Promise<void>): Promise<jest.Mock<boolean, []>> {
  const takesOver = jest.fn(() => true);
  const stop = tellOfCodeNotLoaded(takesOver);
  try {
    await action();
  } finally {
    stop();
  }
  return takesOver;
}
