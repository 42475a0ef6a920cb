// The page's shape at the first paint, from the remote that renders it (decision 064). Each
// remote's build lists the skeletons of its pages in `first-paint.json` beside its entry
// (webpack/first-paint/first-paint-plugin.cjs), each an HTML fragment of that build. The shell's
// page has a slot in each of its two frames (webpack/first-paint/slots.cjs), which nginx fills
// with a server-side include: this module says, by the path served, which fragment goes in which
// slot, and where the fragment's file is. The edge's configuration is written with it, once per
// release, as the landing scripts are (landing-scripts.mjs).
import { createRequire } from 'node:module';
import { homeRemote } from '../lib/remotes.cjs';
import { SIGNED_IN_ROOT, isSignedInPage, remoteForMountedPath } from '../../shared/src/router/path-rules.mjs';

const require = createRequire(import.meta.url);
const { FIRST_PAINT_FRAMES } = require('../../webpack/first-paint/slots.cjs');

const LIST = 'first-paint.json';
/** The internal addresses nginx includes the fragments from: never reachable from outside. */
export const FIRST_PAINT_LOCATION = '/_first-paint/';
/** A path of the portal as a skeleton may name it: the route table's alphabet. */
const PAGE_PATH = /^\/(?:[A-Za-z0-9._-]+\/)*[A-Za-z0-9._-]*$/;

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The regular expression (JavaScript's and nginx's alike) on a page's `$request_uri` (the path as
 * requested, with its query) for the pages of a skeleton: the path alone, with or without a final
 * slash, when `exact`; the path and every path under it otherwise.
 */
export function pagePattern({ path, exact }) {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (trimmed === '/') return exact ? '^/(?:\\?|$)' : '^/';
  return exact ? `^${escape(trimmed)}/?(?:\\?|$)` : `^${escape(trimmed)}(?:[/?]|$)`;
}

/** Whether the skeleton of `{ path, exact }` is the shape of `pathname`. */
const fits = (skeleton, pathname) => new RegExp(pagePattern(skeleton)).test(pathname);

/**
 * The skeletons `first-paint.json` beside `entry` (a URL) lists: `{ path, exact, url }` for each
 * page of the remote's own (`remote`, by the mount table: a remote never draws another's page),
 * whose fragment is an `.html` file of the entry's own folder. None when the list is missing or
 * malformed: the page then paints its frame alone.
 */
export async function pageSkeletonsOf(entry, { remote, remoteMounts, readList }) {
  const listUrl = new URL(LIST, entry);
  const folder = new URL('./', listUrl);
  let list;
  try {
    list = await readList(listUrl);
  } catch {
    return [];
  }
  const pages = list && typeof list === 'object' && Array.isArray(list.pages) ? list.pages : [];
  return pages.flatMap((page) => {
    if (!page || typeof page !== 'object') return [];
    const { path, exact, file } = page;
    if (typeof path !== 'string' || !PAGE_PATH.test(path) || typeof file !== 'string') return [];
    if (
      remoteForMountedPath(path, remoteMounts, homeRemote.federationName) !== remote ||
      (path === '/' && exact !== true)
    )
      return [];
    let url;
    try {
      url = new URL(file, folder);
    } catch {
      return [];
    }
    const inFolder = url.origin === folder.origin && url.pathname.startsWith(folder.pathname);
    if (!inFolder || !url.pathname.endsWith('.html') || url.search || url.hash) return [];
    return [{ path, exact: exact === true, url }];
  });
}

/**
 * What the edge writes into the shell's pages: for each frame, which skeleton a path gets
 * (`maps[frame]`: `{ pattern, uri }`, in the order nginx tries them), and the file behind each
 * internal address (`locations`: `{ uri, file }`).
 *
 * - A member's frame: the skeleton of the page at the path; on a guest page (sign-in, sign-up),
 *   where the guards send a member on, the dashboard's.
 * - A guest's frame: the skeleton of the guest page at the path; on a member's page, where the
 *   guards send a guest to sign in, the home page's (sign-in).
 *
 * Each remote's skeletons come from its stable release: with a canary running the member's cohort,
 * which picks the release, is known in the browser alone (decision 064). `readList(url)` reads a
 * list (parsed JSON, or null); `servedFile(url)` is the path on the edge's machine of a fragment, or
 * null when there is none (the skeleton is then left out).
 */
export async function firstPaintOf({ manifest, shellOrigin, remoteMounts, readList, servedFile }) {
  const skeletons = [];
  const remotes = manifest && typeof manifest === 'object' ? Object.entries(manifest.remotes ?? {}) : [];
  for (const [remote, channels] of remotes) {
    const entry = channels?.stable?.entry;
    if (typeof entry !== 'string' || /\.json(?:[?#]|$)/.test(entry)) continue;
    let entryUrl;
    try {
      entryUrl = new URL(entry, shellOrigin);
    } catch {
      continue;
    }
    if (entryUrl.protocol !== 'http:' && entryUrl.protocol !== 'https:') continue;
    for (const skeleton of await pageSkeletonsOf(entryUrl, { remote, remoteMounts, readList })) {
      const file = await servedFile(skeleton.url);
      if (file) skeletons.push({ ...skeleton, remote, file });
    }
  }
  // The most particular first: a longer path, then a page alone before the pages under it.
  skeletons.sort((a, b) => b.path.length - a.path.length || Number(b.exact) - Number(a.exact));

  const locations = [];
  const uriOf = (skeleton) => {
    let location = locations.find(({ file }) => file === skeleton.file);
    if (!location) {
      location = { uri: `${FIRST_PAINT_LOCATION}${locations.length}.html`, file: skeleton.file };
      locations.push(location);
    }
    return location.uri;
  };
  const skeletonOf = (pathname) => skeletons.find((skeleton) => fits(skeleton, pathname));
  const rule = (pattern, skeleton) => (skeleton ? [{ pattern, uri: uriOf(skeleton) }] : []);

  // Each remote's pages get its own skeletons and no other's: the deepest mount first, each closed
  // by a rule that gives the rest of its pages none, so a remote mounted under another (mf-profile
  // under mf-points) never gets the outer remote's shapes.
  const mounts = Object.entries(remoteMounts).sort(([, a], [, b]) => b.length - a.length);
  const own = (member) =>
    mounts
      .filter(([, mount]) => isSignedInPage(mount) === member)
      .flatMap(([remote, mount]) => [
        ...skeletons.filter((skeleton) => skeleton.remote === remote).flatMap((s) => rule(pagePattern(s), s)),
        { pattern: pagePattern({ path: mount, exact: false }), uri: '' },
      ]);
  // The guest pages: the home page and every mount outside the member's pages.
  const guestAreas = [
    { path: '/', exact: true },
    ...Object.values(remoteMounts)
      .filter((mount) => !isSignedInPage(mount))
      .map((mount) => ({ path: mount, exact: false })),
  ];
  const maps = {
    [FIRST_PAINT_FRAMES.member]: [
      ...own(true),
      ...guestAreas.flatMap((area) => rule(pagePattern(area), skeletonOf(SIGNED_IN_ROOT))),
    ],
    [FIRST_PAINT_FRAMES.guest]: [
      ...own(false),
      ...rule(pagePattern({ path: SIGNED_IN_ROOT, exact: false }), skeletonOf('/')),
    ],
  };
  return { locations, maps };
}
