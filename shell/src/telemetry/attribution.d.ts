import type { RegisteredRemote } from '../remotes/register-released-remotes';
import type { ReleaseLabels } from './report-events';
export declare const SHELL = 'shell';
/** The first script address in an error's source (its file name, or the top frame of its stack). */
export declare function firstScript(source: string | undefined): string | null;
/**
 * Whose code threw: the remote whose files hold the script the error came from (the deepest
 * folder wins, for remotes served side by side on one origin), else the remote that renders the
 * page, else the shell.
 */
export declare function ownerOfError(
  source: string | undefined,
  routeRemote: string | null,
  remotes: readonly RegisteredRemote[],
): string;
/** The release labels of `owner` as this page load runs it. */
export declare function releaseOf(
  owner: string,
  remotes: readonly RegisteredRemote[],
  shell: {
    version: string;
  },
): ReleaseLabels;
