/**
 * sessionStorage key of QA's chosen versions: `{ "mf_points": "1.2.0" }`. Kept for the tab's
 * session only, so a link can never leave a member on another build for good (decision 055); the
 * same key in localStorage is where earlier builds kept them, and is cleared.
 */
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
    // What an earlier build kept for good goes: an override now lasts a session at most.
    localStorage.removeItem(OVERRIDE_STORAGE_KEY);
    const parsed: unknown = JSON.parse(sessionStorage.getItem(OVERRIDE_STORAGE_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/**
 * The versions QA asked for: the query wins over what this tab's session kept. Nothing is kept
 * here: only the overrides the release manifest allows are (`keepOverrides`).
 */
export function readOverrides(search = window.location.search): ReleaseOverrides {
  const fromQuery = parseOverrideParams(new URLSearchParams(search).getAll(OVERRIDE_QUERY_PARAM));
  return { ...readStored(), ...fromQuery };
}

/** Keeps the accepted overrides for the rest of the tab's session (reloads, navigation), no longer. */
export function keepOverrides(overrides: ReleaseOverrides): void {
  try {
    if (Object.keys(overrides).length === 0) sessionStorage.removeItem(OVERRIDE_STORAGE_KEY);
    else sessionStorage.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify(overrides));
  } catch {
    // storage disabled: the override lasts for this page load
  }
}

export function clearOverrides(): void {
  try {
    sessionStorage.removeItem(OVERRIDE_STORAGE_KEY);
    localStorage.removeItem(OVERRIDE_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
