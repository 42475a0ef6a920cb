/**
 * The releases a receiver counts: what its portal's release manifests list, never what a report
 * claims. A report may name a remote, version and channel only as a manifest serves it (the
 * stable release as `stable`, the canary as `canary`, any listed release as `override`), in an
 * environment one of the manifests is for. So the label values are bounded by the manifests
 * (remotes × released versions × channels × the receiver's environments) whatever clients send,
 * and a version's series can go once it leaves the manifest (decision 057).
 */
import { readFile } from 'node:fs/promises';
import * as v from 'valibot';
import type { Channel } from '@loyalty/shared/telemetry';

export interface ReleaseLabelSet {
  remote: string;
  version: string;
  channel: Channel;
  environment: string;
}

const Release = v.object({ version: v.string() });
/** The part of a release manifest (release/src/manifest-store.ts) the receiver reads. */
const ManifestSchema = v.object({
  environment: v.string(),
  remotes: v.record(
    v.string(),
    v.object({
      stable: Release,
      // Its share: the receiver admits the canary from the networks whose cohort it covers.
      canary: v.optional(v.object({ version: v.string(), percent: v.number() })),
      previous: v.optional(v.array(Release)),
    }),
  ),
});
export type ManifestView = v.InferOutput<typeof ManifestSchema>;

/** The shell is released with the edge, not through a manifest: its own versions are given. */
export const SHELL_REMOTE = 'shell';

const keyOf = ({ remote, version, channel, environment }: ReleaseLabelSet) =>
  [environment, remote, version, channel].join('\u0000');

/** Every label set a manifest allows (the shell's own versions as `stable` in its environment). */
export function labelSetsOf(manifest: ManifestView, shellVersions: readonly string[]): ReleaseLabelSet[] {
  const { environment } = manifest;
  const sets: ReleaseLabelSet[] = shellVersions.map((version) => ({
    remote: SHELL_REMOTE,
    version,
    channel: 'stable',
    environment,
  }));
  for (const [remote, channels] of Object.entries(manifest.remotes)) {
    sets.push({ remote, version: channels.stable.version, channel: 'stable', environment });
    if (channels.canary) sets.push({ remote, version: channels.canary.version, channel: 'canary', environment });
    const listed = new Set([
      channels.stable,
      ...(channels.canary ? [channels.canary] : []),
      ...(channels.previous ?? []),
    ]);
    for (const release of listed) sets.push({ remote, version: release.version, channel: 'override', environment });
  }
  return sets;
}

export interface CatalogOptions {
  /** Where the manifests are read: URLs (the portal's `/release-manifest.json`) or files. */
  sources: readonly string[];
  /** The shell's versions, accepted in every environment of the manifests. */
  shellVersions: readonly string[];
  /** How long a reading stands before a report naming an unknown release may read again. */
  minRefreshGapMs?: number;
  fetchTimeoutMs?: number;
  /** How a URL source is asked (default: Node's own `fetch`). */
  fetch?: ManifestFetch;
}

/** What reading a manifest needs of `fetch`. */
export type ManifestFetch = (
  url: string,
  init: { cache: 'no-store'; signal: AbortSignal },
) => Promise<Pick<Response, 'ok' | 'json'>>;

/** A source's manifest, read once: null where it cannot be read now (the last reading stands). */
async function readManifest(source: string, timeoutMs: number, ask: ManifestFetch): Promise<ManifestView | null> {
  try {
    const raw = /^https?:\/\//.test(source)
      ? await ask(source, { cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) }).then((response) =>
          response.ok ? response.json() : null,
        )
      : JSON.parse(await readFile(source, 'utf8'));
    const parsed = v.safeParse(ManifestSchema, raw);
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export class ReleaseCatalog {
  /** The last manifest read from each source. */
  private readonly manifests = new Map<string, ManifestView>();
  private allowed = new Map<string, ReleaseLabelSet>();
  /** Each canary's share (0–100), by its label set. */
  private shares = new Map<string, number>();
  private lastRead = 0;
  private reading: Promise<void> | null = null;
  private readonly removalListeners = new Set<(removed: ReleaseLabelSet[]) => void>();
  private readonly additionListeners = new Set<(added: ReleaseLabelSet[]) => void>();

  constructor(private readonly options: CatalogOptions) {}

  /** A catalog of fixed manifests (tests, a receiver given its releases). */
  static of(manifests: readonly ManifestView[], shellVersions: readonly string[] = []): ReleaseCatalog {
    const catalog = new ReleaseCatalog({ sources: [], shellVersions });
    manifests.forEach((manifest, index) => catalog.manifests.set(String(index), manifest));
    catalog.rebuild();
    return catalog;
  }

  /** Reads every source again (one reading at a time); an unreadable source keeps its last manifest. */
  refresh(): Promise<void> {
    this.reading ??= (async () => {
      const { sources, fetchTimeoutMs = 2_000, fetch: ask = fetch } = this.options;
      const read = await Promise.all(sources.map((source) => readManifest(source, fetchTimeoutMs, ask)));
      read.forEach((manifest, index) => manifest && this.manifests.set(sources[index]!, manifest));
      this.lastRead = Date.now();
      this.rebuild();
    })().finally(() => (this.reading = null));
    return this.reading;
  }

  private rebuild() {
    const next = new Map(
      [...this.manifests.values()]
        .flatMap((manifest) => labelSetsOf(manifest, this.options.shellVersions))
        .map((set) => [keyOf(set), set] as const),
    );
    this.shares = new Map(
      [...this.manifests.values()].flatMap(({ environment, remotes }) =>
        Object.entries(remotes).flatMap(([remote, { canary }]) =>
          canary
            ? [[keyOf({ remote, version: canary.version, channel: 'canary', environment }), canary.percent] as const]
            : [],
        ),
      ),
    );
    const removed = [...this.allowed].filter(([key]) => !next.has(key)).map(([, set]) => set);
    const added = [...next].filter(([key]) => !this.allowed.has(key)).map(([, set]) => set);
    this.allowed = next;
    if (removed.length > 0) this.removalListeners.forEach((listener) => listener(removed));
    if (added.length > 0) this.additionListeners.forEach((listener) => listener(added));
  }

  /** Tells `listener` of label sets a manifest allows from now on (their series can be made ready). */
  onAdded(listener: (added: ReleaseLabelSet[]) => void): () => void {
    this.additionListeners.add(listener);
    return () => this.additionListeners.delete(listener);
  }

  /** Tells `listener` of label sets no manifest allows any more (their series can go). */
  onRemoved(listener: (removed: ReleaseLabelSet[]) => void): () => void {
    this.removalListeners.add(listener);
    return () => this.removalListeners.delete(listener);
  }

  /** Every label set the manifests allow now. */
  labelSets(): ReleaseLabelSet[] {
    return [...this.allowed.values()];
  }

  environments(): string[] {
    return [...new Set([...this.allowed.values()].map((set) => set.environment))];
  }

  has(set: ReleaseLabelSet): boolean {
    return this.allowed.has(keyOf(set));
  }

  /**
   * Whether a report may name this release. An unknown one reads the manifests again first (at
   * most once per `minRefreshGapMs`), so the first reports of a canary started a moment ago count.
   */
  async accepts(set: ReleaseLabelSet): Promise<boolean> {
    return this.has(set) || (await this.readAgainIfDue(() => this.has(set)));
  }

  /** `holds()` after reading the manifests again, at most once per `minRefreshGapMs`. */
  private async readAgainIfDue(holds: () => boolean): Promise<boolean> {
    if (this.options.sources.length === 0) return false;
    if (Date.now() - this.lastRead >= (this.options.minRefreshGapMs ?? 1_000)) await this.refresh();
    return holds();
  }

  /**
   * Whether a canary's share covers `bucket` (0–99, a network's cohort bucket for its remote): a
   * page from that network loads it. Where it does not, the manifests are read again first (as
   * `accepts` does), so a step the walk just took counts from its first pages.
   */
  async covers(set: ReleaseLabelSet, bucket: number): Promise<boolean> {
    const covered = () => bucket < (this.shares.get(keyOf(set)) ?? 0);
    return covered() || (await this.readAgainIfDue(covered));
  }

  /** Reads the manifests every `everyMs` until the returned function is called. */
  watch(everyMs: number): () => void {
    void this.refresh();
    const timer = setInterval(() => void this.refresh(), everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
