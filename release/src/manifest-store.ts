import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { ReleaseManifestSchema, type ReleaseManifest } from '@loyalty/shared/config';
import { appendAudit, type AuditEntry } from './audit-log';
import { manifestPath, publishedRecordsPath } from './deploy-layout';
import { waitForEdge, type EdgeOutcome, type EdgeWaitOptions } from './edge-follow';

/** Another command changed the manifest between our read and our write. */
export class RevisionConflictError extends Error {
  override name = 'RevisionConflictError';
  constructor(
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`The release manifest changed meanwhile (revision ${expected} read, now ${actual}): nothing written.`);
  }
}

export function emptyManifest(env: string): ReleaseManifest {
  return { schemaVersion: 1, environment: env, revision: 0, remotes: {} };
}

export async function readManifest(root: string, env: string): Promise<ReleaseManifest> {
  let text: string;
  try {
    text = await readFile(manifestPath(root, env), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyManifest(env);
    throw error;
  }
  const parsed = v.safeParse(ReleaseManifestSchema, JSON.parse(text));
  if (!parsed.success) {
    throw new Error(`${manifestPath(root, env)} is not a valid release manifest: ${v.summarize(parsed.issues)}`);
  }
  return parsed.output;
}

const LOCK_WAIT_MS = 10_000;
/** How often a command plans again after losing a race before it gives up and says so. */
const MAX_PLANS = 5;
/** A lock older than this was left by a crashed command. */
const STALE_LOCK_MS = 30_000;

/**
 * What this process does under a lock, from taking it to letting it go. A CLI quitting on a signal
 * lets them finish: a write cut short leaves the lease without the step just written, and a lock
 * left behind blocks every command on the file until it is stale.
 */
const lockedWork = new Set<Promise<unknown>>();

/** Once nothing of this process is under a lock. */
export async function lockedWorkDone(): Promise<void> {
  while (lockedWork.size > 0) await Promise.allSettled([...lockedWork]);
}

/** Holds `<manifest>.lock`, created with O_EXCL, so only one writer at a time gets past this. */
export function withLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  const running = underLock(file, work);
  lockedWork.add(running);
  const done = () => lockedWork.delete(running);
  running.then(done, done);
  return running;
}

async function underLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  const lock = `${file}.lock`;
  await mkdir(path.dirname(file), { recursive: true });
  const started = Date.now();
  for (let attempt = 0; ; attempt += 1) {
    try {
      const handle = await open(lock, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(lock).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      );
      if (age > STALE_LOCK_MS) {
        await unlink(lock).catch(() => undefined);
        continue;
      }
      if (Date.now() - started > LOCK_WAIT_MS) {
        throw new Error(`The release manifest is locked by another command (${lock}); try again.`);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(20 * 2 ** attempt, 250)));
    }
  }
  try {
    return await work();
  } finally {
    await unlink(lock).catch(() => undefined);
  }
}

/** Writes to a temporary file next to the target, flushes it, then renames it over the target. */
export async function writeAtomically(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
}

export interface ManifestChange {
  next: ReleaseManifest;
  audit: Omit<AuditEntry, 'at' | 'actor' | 'env' | 'revision'>;
}

export interface UpdateOptions {
  root: string;
  env: string;
  actor: string;
  /** Write only if the manifest is still at this revision (`--if-revision`). */
  expectedRevision?: number;
  /** Clock: the write's time (`updatedAt`, the audit's `at`) and when the edge was seen serving it. */
  now?: () => Date;
  /** Ends the wait for the edge early (a walk's Ctrl+C); the write itself is never cut short. */
  signal?: AbortSignal;
  /** How long to wait for the edge and how often to ask it, for tests. */
  edgeWait?: Pick<EdgeWaitOptions, 'timeoutMs' | 'everyMs'>;
}

/** A manifest written, and whether the environment's edge serves it yet (edge-follow.ts). */
export interface Written {
  manifest: ReleaseManifest;
  edge: EdgeOutcome;
}

/**
 * Read → plan → write with a revision check. The plan (checks included) runs on a snapshot
 * without holding the lock; the write happens under the lock and only if the revision is still the
 * one the plan was made from. A concurrent change makes us plan again on the new state (up to
 * MAX_PLANS times) unless the caller pinned a revision, so two commands never lose one's change.
 *
 * Every manifest write returns once the environment's edge serves it (or its wait is over): a
 * command by hand and a walk's step alike, so whatever comes next (a person, a script, a step's
 * interval) starts from when members can get the release. The wait is outside the lock: a slow
 * edge never holds another writer back.
 */
export async function updateManifest(
  options: UpdateOptions,
  plan: (current: ReleaseManifest) => Promise<ManifestChange> | ManifestChange,
): Promise<Written> {
  const manifest = await writeManifest(options, plan);
  const edge = await waitForEdge(options.root, options.env, manifest.revision, {
    ...options.edgeWait,
    now: options.now,
    signal: options.signal,
  });
  return { manifest, edge };
}

async function writeManifest(
  options: UpdateOptions,
  plan: (current: ReleaseManifest) => Promise<ManifestChange> | ManifestChange,
): Promise<ReleaseManifest> {
  const { root, env, actor, expectedRevision } = options;
  const now = options.now ?? (() => new Date());
  const file = manifestPath(root, env);
  for (let attempt = 0; ; attempt += 1) {
    const snapshot = await readManifest(root, env);
    if (expectedRevision !== undefined && snapshot.revision !== expectedRevision) {
      throw new RevisionConflictError(expectedRevision, snapshot.revision);
    }
    const change = await plan(structuredClone(snapshot));
    try {
      return await withLock(file, async () => {
        const current = await readManifest(root, env);
        if (current.revision !== snapshot.revision)
          throw new RevisionConflictError(snapshot.revision, current.revision);
        const at = now().toISOString();
        const next = v.parse(ReleaseManifestSchema, {
          ...change.next,
          environment: env,
          revision: current.revision + 1,
          updatedAt: at,
          updatedBy: actor,
        });
        await writeAtomically(file, `${JSON.stringify(next, null, 2)}\n`);
        await appendAudit(root, { at, actor, env, revision: next.revision, ...change.audit });
        return next;
      });
    } catch (error) {
      const retry = error instanceof RevisionConflictError && expectedRevision === undefined && attempt < MAX_PLANS - 1;
      if (!retry) throw error;
    }
  }
}

/** What `publish` recorded of one version: its entry's integrity and the digest of each of its files. */
export const PublishedVersionSchema = v.object({
  version: v.pipe(v.string(), v.minLength(1)),
  /** SRI of `remoteEntry.js`: what the release manifest gives browsers. */
  integrity: v.pipe(v.string(), v.startsWith('sha384-')),
  /** SHA-384 (`sha384-<base64>`) of every file of the version folder, by its path there. */
  files: v.record(v.string(), v.pipe(v.string(), v.startsWith('sha384-'))),
  publishedAt: v.string(),
  publishedBy: v.string(),
});
export type PublishedVersion = v.InferOutput<typeof PublishedVersionSchema>;

const PublishedRecordsSchema = v.object({
  schemaVersion: v.literal(1),
  /** By remote (`mf-points`), then by version. */
  remotes: v.record(v.string(), v.record(v.string(), PublishedVersionSchema)),
});
type PublishedRecords = v.InferOutput<typeof PublishedRecordsSchema>;

/** A version that already has a publish record: its record is never replaced. */
export class AlreadyRecordedError extends Error {
  override name = 'AlreadyRecordedError';
}

async function readPublishedRecords(root: string): Promise<PublishedRecords> {
  const file = publishedRecordsPath(root);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { schemaVersion: 1, remotes: {} };
    throw error;
  }
  const parsed = v.safeParse(PublishedRecordsSchema, JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} is not a valid record of publications: ${v.summarize(parsed.issues)}`);
  return parsed.output;
}

/** What `publish` recorded of `remote` (`mf-points`) `version`, or undefined when it never did. */
export async function publishedVersion(root: string, remote: string, version: string) {
  return (await readPublishedRecords(root)).remotes[remote]?.[version];
}

/**
 * Adds a version's record, under the same kind of lock as the manifests. A version recorded once
 * keeps its record for good: whoever can write the version folders cannot rewrite what they are
 * checked against (decision 055).
 */
export async function recordPublished(root: string, remote: string, record: PublishedVersion): Promise<void> {
  const file = publishedRecordsPath(root);
  await withLock(file, async () => {
    const records = await readPublishedRecords(root);
    if (records.remotes[remote]?.[record.version]) {
      throw new AlreadyRecordedError(`${remote} ${record.version} was published before; versions are immutable.`);
    }
    const next: PublishedRecords = {
      ...records,
      remotes: { ...records.remotes, [remote]: { ...records.remotes[remote], [record.version]: record } },
    };
    await writeAtomically(file, `${JSON.stringify(v.parse(PublishedRecordsSchema, next), null, 2)}\n`);
  });
}
