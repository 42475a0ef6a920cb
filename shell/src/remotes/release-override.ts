/** localStorage key of QA's pinned versions: `{ "mf_points": "1.2.0" }`. */
export const OVERRIDE_STORAGE_KEY = 'release.overrides';
/** Query parameter: `?remote=mf-points@1.2.0` (repeat it, or separate with commas, for several). */
export const OVERRIDE_QUERY_PARAM = 'remote';

export type ReleaseOverrides = Record<string, string>;

const federationName = (remote: string) => remote.trim().replace(/-/g, '_');

export function parseOverrideParams(values: string[]): ReleaseOverrides {
  const overrides: ReleaseOverrides = {};
  for (const pair of values.flatMap((value) => value.split(','))) {
    const at = pair.lastIndexOf('@');
    if (at <= 0 || at === pair.length - 1) continue;
    const version = pair.slice(at + 1).trim();
    if (/^[0-9A-Za-z][0-9A-Za-z.+_-]*$/.test(version)) overrides[federationName(pair.slice(0, at))] = version;
  }
  return overrides;
}

function readStored(): ReleaseOverrides {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(OVERRIDE_STORAGE_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/**
 * The versions QA asked for: the query wins over what is stored, and is stored so that it
 * survives navigation and reloads until cleared.
 */
export function readOverrides(search = window.location.search): ReleaseOverrides {
  const fromQuery = parseOverrideParams(new URLSearchParams(search).getAll(OVERRIDE_QUERY_PARAM));
  const overrides = { ...readStored(), ...fromQuery };
  if (Object.keys(fromQuery).length > 0) {
    try {
      localStorage.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify(overrides));
    } catch {
      // storage disabled: the override lasts for this page load
    }
  }
  return overrides;
}

export function clearOverrides(): void {
  try {
    localStorage.removeItem(OVERRIDE_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}

/**
 * Where a named version of a remote lives, from a release of it: versions sit side by side
 * (`…/<version>/remoteEntry.js`), so the version segment is swapped. `null` when the entry does not
 * follow that layout (e.g. the local dev manifest).
 */
export function entryForVersion(entry: string, knownVersion: string, version: string): string | null {
  const segment = `/${encodeURIComponent(knownVersion)}/`;
  const at = entry.lastIndexOf(segment);
  if (at < 0) return null;
  return `${entry.slice(0, at)}/${encodeURIComponent(version)}/${entry.slice(at + segment.length)}`;
}
