import path from 'node:path';
import apps from '../../scripts/lib/apps.cjs';

/** The repository root: where `<remote>/dist` builds and the shell's build live. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface RemoteIdentity {
  /** Package folder and deploy-root folder, e.g. `mf-points`. */
  pkg: string;
  /** Federation name and release-manifest key, e.g. `mf_points`. */
  name: string;
}

/** Accepts either spelling (`mf-points` or `mf_points`) and says which remotes exist otherwise. */
export function resolveRemote(remote: string): RemoteIdentity {
  const found = apps.remotes.find((candidate) => candidate.pkg === remote || candidate.name === remote);
  if (!found) {
    throw new UsageError(`Unknown remote "${remote}". Remotes: ${apps.remotes.map((r) => r.pkg).join(', ')}.`);
  }
  return { pkg: found.pkg, name: found.name };
}

export const releaseDir = (root: string, remote: RemoteIdentity, version: string) =>
  path.join(root, remote.pkg, version);
export const manifestsDir = (root: string) => path.join(root, 'manifests');
export const manifestPath = (root: string, env: string) => path.join(manifestsDir(root), `${env}.json`);
export const auditLogPath = (root: string) => path.join(manifestsDir(root), 'audit.jsonl');
/** Every reading of every canary walk (the audit log keeps the decisions). */
export const readingsLogPath = (root: string) => path.join(manifestsDir(root), 'readings.jsonl');
/** The canary walks in progress in an environment: one file per remote, each under a lease (walk-state.ts). */
export const walksRoot = (root: string) => path.join(manifestsDir(root), 'walks');
export const walksDir = (root: string, env: string) => path.join(walksRoot(root), env);
export const walkStatePath = (root: string, env: string, remote: RemoteIdentity) =>
  path.join(walksDir(root, env), `${remote.pkg}.json`);
/** The release controllers running on the deploy root: one heartbeat file each (walk-controller.ts). */
export const controllersDir = (root: string) => path.join(manifestsDir(root), 'controllers');
/** What `publish` recorded of every version: beside the manifests, out of the version folders' reach. */
export const publishedRecordsPath = (root: string) => path.join(manifestsDir(root), 'published.json');

/** Where members' browsers fetch a release from, unless told otherwise: the remote's preview origin. */
export function defaultBaseUrl(remote: RemoteIdentity): string {
  return apps.origin(remote.pkg as Parameters<typeof apps.origin>[0]);
}

export function entryUrl(baseUrl: string, version: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${encodeURIComponent(version)}/remoteEntry.js`;
}

/** A mistake in how the command was called. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A candidate failed a check before going live: nothing was changed. */
export class CheckFailedError extends Error {
  override name = 'CheckFailedError';
  constructor(readonly problems: string[]) {
    super(`Checks failed:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}
