// The one registry of remotes (remotes.json at the top of the repository), read and checked. Every
// list of remotes the portal needs is derived from it: ports, the build, lint, jest, the shell's
// routes, the edge, the release CLI, telemetry (docs/adding-a-remote.md, decision 063). No file
// system access, so the shell's bundle reads it too (without its checks, registry-checks.cjs).
const registry = require('../../remotes.json');

// The checks run wherever the registry is read in Node: every build, server, script and test, so a
// registry that is not sound stops them all. A browser build replaces them with nothing
// (webpack/registry/no-registry-checks.cjs): the build that made it ran them, and no page needs them.
const { LANGUAGES, MENU_SECTIONS, federationNameOf, portVariableOf, problemsOf } = require('./registry-checks.cjs');
if (problemsOf) {
  const problems = problemsOf(registry.remotes);
  if (problems.length) throw new Error(`The registry of remotes is not sound:\n  ${problems.join('\n  ')}`);
}

/**
 * The remotes, in the registry's order.
 * @type {ReadonlyArray<import('./remotes.cjs').Remote>}
 */
const remotes = Object.freeze(
  registry.remotes.map((remote) => Object.freeze({ ...remote, home: Boolean(remote.home) })),
);

/** Where each remote's slice of the URL space starts, by federation name. */
const mounts = Object.freeze(Object.fromEntries(remotes.map((remote) => [remote.federationName, remote.mount])));

/** The remote that renders the home page (`/`). */
const homeRemote = remotes.find((remote) => remote.home);

/** The i18n namespace of the menu entries' titles, which the shell registers from here. */
const MENU_NAMESPACE = 'remote-menus';
/**
 * Every member's default menu, in the order members see it: each remote's entries in the
 * registry's order, a group's children right after it. `path` is the entry's route key, or its
 * own key, which resolves to its remote's mount; `title` is an i18n key of MENU_NAMESPACE.
 */
const menuEntries = Object.freeze(
  remotes.flatMap((remote) =>
    remote.menu.flatMap((item) => {
      const section = item.section ?? 'overview';
      const entryOf = (entry, parentId) =>
        Object.freeze({
          id: entry.id,
          parentId,
          section,
          remote: remote.federationName,
          key: entry.key,
          path: entry.route ?? entry.key,
          icon: entry.icon ?? 'dashboard',
          title: `${MENU_NAMESPACE}:${entry.key}`,
        });
      return [entryOf(item, 0), ...(item.children ?? []).map((child) => entryOf(child, item.id))];
    }),
  ),
);
/** The texts of MENU_NAMESPACE in `language`. */
const menuTitles = (language) =>
  Object.fromEntries(
    remotes
      .flatMap((remote) => remote.menu.flatMap((item) => [item, ...(item.children ?? [])]))
      .map((item) => [item.key, item.title[language] ?? item.title.en]),
  );

/**
 * What `npm run typecheck` builds (`tsc -b` takes no pattern): the root project, which references
 * every workspace but the remotes, and each remote's folder from here.
 */
const typeScriptProjects = Object.freeze(['.', ...remotes.map((remote) => remote.package)]);

module.exports = {
  LANGUAGES,
  typeScriptProjects,
  remotes,
  mounts,
  homeRemote,
  MENU_NAMESPACE,
  MENU_SECTIONS,
  menuEntries,
  menuTitles,
  problemsOf,
  federationNameOf,
  portVariableOf,
};
