import type { RegisteredRemote } from '../remotes/register-released-remotes';
import type { ReleaseLabels } from '@loyalty/shared/telemetry';

export const SHELL = 'shell';

/** Where a remote's files are served from: its entry's folder (each release has its own). */
const baseOf = (entry: string) => entry.slice(0, entry.lastIndexOf('/') + 1);

/** The first script address in an error's source (its file name, or the top frame of its stack). */
export function firstScript(source: string | undefined): string | null {
  return /\bhttps?:\/\/[^\s)'"]+/.exec(source ?? '')?.[0] ?? null;
}

/**
 * Whose code threw: the remote whose files hold the script the error came from (the deepest
 * folder wins, for remotes served side by side on one origin), else the remote that renders the
 * page, else the shell.
 */
export function ownerOfError(
  source: string | undefined,
  routeRemote: string | null,
  remotes: readonly RegisteredRemote[],
): string {
  const script = firstScript(source);
  if (script) {
    const owner = remotes
      .filter((remote) => script.startsWith(baseOf(remote.entry)))
      .sort((a, b) => baseOf(b.entry).length - baseOf(a.entry).length)[0];
    if (owner) return owner.name;
    if (script.startsWith(window.location.origin)) return SHELL;
  }
  return routeRemote ?? SHELL;
}

/** The release labels of `owner` as this page load runs it. */
export function releaseOf(
  owner: string,
  remotes: readonly RegisteredRemote[],
  shell: { version: string },
): ReleaseLabels {
  const remote = remotes.find((candidate) => candidate.name === owner);
  if (remote) return { remote: remote.name, version: remote.version, channel: remote.channel };
  return { remote: SHELL, version: shell.version, channel: 'stable' };
}
