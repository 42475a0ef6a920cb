import { cp, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { appendAudit } from './audit-log';
import { builtVersion, type PublishRecord } from './built-remote';
import { REPO_ROOT, UsageError, releaseDir, type RemoteIdentity } from './deploy-layout';
import { RELEASE_NOTE_FILE, fileDigests } from './integrity';
import { AlreadyRecordedError, recordPublished } from './manifest-store';

export class PublishRefusedError extends Error {
  override name = 'PublishRefusedError';
}

export interface PublishOptions {
  root: string;
  remote: RemoteIdentity;
  actor: string;
  /** The build to publish; `<remote>/dist` by default. */
  from?: string;
  now?: () => Date;
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * Copies a build to `<root>/<remote>/<version>/`, never over an existing version: a published
 * version is immutable, since its hashed files are cached forever by browsers and CDNs.
 */
export async function publish({ root, remote, actor, from, now = () => new Date() }: PublishOptions) {
  const source = path.resolve(from ?? path.join(REPO_ROOT, remote.pkg, 'dist'));
  if (!(await exists(path.join(source, 'remoteEntry.js')))) {
    throw new UsageError(`${source} holds no remoteEntry.js: build ${remote.pkg} first.`);
  }
  const version = await builtVersion(source);
  if (!/^[0-9A-Za-z][0-9A-Za-z.+_-]*$/.test(version)) {
    throw new PublishRefusedError(`"${version}" cannot be used as a folder name.`);
  }
  const target = releaseDir(root, remote, version);
  if (await exists(target)) {
    throw new PublishRefusedError(`${remote.pkg} ${version} is already published (${target}); versions are immutable.`);
  }

  // Copy into a temporary folder, then rename: a half-copied version is never visible.
  await mkdir(path.dirname(target), { recursive: true });
  const staging = path.join(path.dirname(target), `.${version}.${process.pid}.staging`);
  await rm(staging, { recursive: true, force: true });
  await cp(source, staging, { recursive: true });
  const files = await fileDigests(staging);
  const record: PublishRecord = {
    remote: remote.pkg,
    version,
    integrity: files['remoteEntry.js']!,
    publishedAt: now().toISOString(),
    publishedBy: actor,
  };
  // The record that counts goes beside the manifests, before the folder is visible: every later
  // check compares the folder with it, never with anything inside the folder (decision 055).
  try {
    const { integrity, publishedAt, publishedBy } = record;
    await recordPublished(root, remote.pkg, { version, integrity, files, publishedAt, publishedBy });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (error instanceof AlreadyRecordedError) throw new PublishRefusedError(error.message);
    throw error;
  }
  await writeFile(path.join(staging, RELEASE_NOTE_FILE), `${JSON.stringify(record, null, 2)}\n`);
  try {
    // A folder that appeared meanwhile makes rename fail (ENOTEMPTY/EEXIST): still no overwrite.
    if (await exists(target)) throw Object.assign(new Error('exists'), { code: 'EEXIST' });
    await rename(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTEMPTY') {
      throw new PublishRefusedError(
        `${remote.pkg} ${version} is already published (${target}); versions are immutable.`,
      );
    }
    throw error;
  }
  await appendAudit(root, {
    at: record.publishedAt,
    actor,
    env: null,
    action: 'publish',
    remote: remote.pkg,
    from: null,
    to: { version, integrity: record.integrity },
  });
  return record;
}
