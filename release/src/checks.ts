import { existsSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { readJson, type FederationManifest, type VersionStamp } from './built-remote';
import { CheckFailedError, REPO_ROOT, publishedRecordsPath, releaseDir, type RemoteIdentity } from './deploy-layout';
import { edgeFetch } from './edge-follow';
import { digestMismatches, sha384Of } from './integrity';
import { publishedVersion } from './manifest-store';

/** What the shell provides and requires for one shared singleton. */
export interface ShellShare {
  version: string;
  requiredVersion: string;
}

/**
 * The shell's singletons: from the shell's built `mf-manifest.json` when there is one (what is
 * deployed), otherwise from the webpack configuration it is built from.
 */
export async function shellShares(shellManifest?: string): Promise<Record<string, ShellShare>> {
  const file = shellManifest ?? path.join(REPO_ROOT, 'shell', 'dist', 'mf-manifest.json');
  if (shellManifest || existsSync(file)) {
    const manifest = await readJson<FederationManifest>(file);
    return Object.fromEntries(
      (manifest.shared ?? [])
        .filter((share) => share.version && share.requiredVersion)
        .map((share) => [share.name, { version: share.version!, requiredVersion: share.requiredVersion! }]),
    );
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS webpack helper
  const { sharedSingletons } = require('../../webpack/shared-singletons.cjs') as {
    sharedSingletons: () => Record<string, ShellShare>;
  };
  return sharedSingletons();
}

/** Why a remote's shared modules would not run against the shell's singletons (empty: they would). */
export function sharedIncompatibilities(
  remoteShared: NonNullable<FederationManifest['shared']>,
  shell: Record<string, ShellShare>,
): string[] {
  const problems: string[] = [];
  for (const share of remoteShared) {
    const host = shell[share.name];
    if (!host) continue; // not a singleton of the shell: the remote brings its own copy
    if (share.version && !semver.satisfies(share.version, host.requiredVersion)) {
      problems.push(`shares ${share.name} ${share.version}, the shell requires ${host.requiredVersion}`);
    }
    if (share.requiredVersion && !semver.satisfies(host.version, share.requiredVersion)) {
      problems.push(`requires ${share.name} ${share.requiredVersion}, the shell provides ${host.version}`);
    }
  }
  return problems;
}

export interface CheckOptions {
  root: string;
  remote: RemoteIdentity;
  version: string;
  shellManifest?: string;
}

/**
 * Everything that must hold before a version goes live. All problems are collected, so one run
 * says everything that is wrong; any problem throws `CheckFailedError` and nothing is changed.
 */
export async function checkCandidate({ root, remote, version, shellManifest }: CheckOptions) {
  const dir = releaseDir(root, remote, version);
  if (!existsSync(dir)) throw new CheckFailedError([`${remote.pkg} ${version} is not published (${dir})`]);
  const problems: string[] = [];
  const attempt = async <T>(work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch (error) {
      problems.push((error as Error).message);
      return undefined;
    }
  };

  const manifest = await attempt(() => readJson<FederationManifest>(path.join(dir, 'mf-manifest.json')));
  if (manifest) {
    if (manifest.name !== remote.name) {
      problems.push(`mf-manifest.json names "${manifest.name}", expected "${remote.name}"`);
    }
    const exposesRoutes = (manifest.exposes ?? []).some((expose) => expose.path === './routes');
    if (!exposesRoutes) problems.push('does not expose ./routes');
    const shared = await attempt(() => shellShares(shellManifest));
    if (shared) problems.push(...sharedIncompatibilities(manifest.shared ?? [], shared));
  }

  const stamp = await attempt(() => readJson<VersionStamp>(path.join(dir, 'version.json')));
  if (stamp && stamp.version !== version) problems.push(`version.json says ${stamp.version}, not ${version}`);

  const published = await checkPublishedFiles(root, remote, version);
  problems.push(...published.problems);

  if (problems.length > 0 || !published.integrity) throw new CheckFailedError(problems);
  return { integrity: published.integrity };
}

/**
 * A version's folder against what `publish` recorded of it beside the manifests: every file
 * there, with the digest it had, and nothing more. Gives the entry's recorded integrity, and what
 * is wrong (empty when nothing is).
 */
export async function checkPublishedFiles(root: string, remote: RemoteIdentity, version: string) {
  const dir = releaseDir(root, remote, version);
  const record = await publishedVersion(root, remote.pkg, version);
  if (!record) {
    return {
      integrity: undefined,
      problems: [
        `${remote.pkg} ${version} has no publish record in ${publishedRecordsPath(root)}: publish the build as a new version`,
      ],
    };
  }
  if (!existsSync(dir)) {
    return {
      integrity: record.integrity,
      problems: [`${remote.pkg} ${version} is missing from the deploy root (${dir})`],
    };
  }
  return { integrity: record.integrity, problems: await digestMismatches(dir, record.files) };
}

/**
 * The candidate as browsers will get it: its federation manifest loads from next to the entry,
 * and the entry served there has the published integrity.
 */
export async function checkServed(entry: string, integrity: string): Promise<void> {
  const problems: string[] = [];
  const get = async (url: string) => {
    try {
      const response = await edgeFetch(url)(url, { cache: 'no-store' });
      if (!response.ok) problems.push(`${url} answered ${response.status}`);
      return response.ok ? response : null;
    } catch (error) {
      problems.push(`${url} could not be fetched (${(error as Error).message})`);
      return null;
    }
  };
  const manifest = await get(new URL('mf-manifest.json', entry).toString());
  if (manifest) await manifest.json().catch(() => problems.push('the served mf-manifest.json is not valid JSON'));
  const served = await get(entry);
  if (served) {
    const bytes = Buffer.from(await served.arrayBuffer());
    const actual = sha384Of(bytes);
    if (actual !== integrity) problems.push(`${entry} does not match the published integrity`);
  }
  if (problems.length > 0) throw new CheckFailedError(problems);
}
