/** localStorage key of QA's pinned versions: `{ "mf_points": "1.2.0" }`. */
export declare const OVERRIDE_STORAGE_KEY = "release.overrides";
/** Query parameter: `?remote=mf-points@1.2.0` (repeat it, or separate with commas, for several). */
export declare const OVERRIDE_QUERY_PARAM = "remote";
export type ReleaseOverrides = Record<string, string>;
export declare function parseOverrideParams(values: string[]): ReleaseOverrides;
/**
 * The versions QA asked for: the query wins over what is stored, and is stored so that it
 * survives navigation and reloads until cleared.
 */
export declare function readOverrides(search?: string): ReleaseOverrides;
export declare function clearOverrides(): void;
/**
 * Where a named version of a remote lives, from a release of it: versions sit side by side
 * (`…/<version>/remoteEntry.js`), so the version segment is swapped. `null` when the entry does not
 * follow that layout (e.g. the local dev manifest).
 */
export declare function entryForVersion(entry: string, knownVersion: string, version: string): string | null;
