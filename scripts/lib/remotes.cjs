// The one registry of remotes (remotes.json at the top of the repository), read and checked. Every
// list of remotes the portal needs is derived from it: ports, the build, lint, jest, the shell's
// routes, the edge, the release CLI, telemetry (docs/adding-a-remote.md, decision 063). No file
// system access, so the shell's bundle reads it too.
const registry = require('../../remotes.json');

/** Languages every remote ships texts in, and a menu entry's title is given in. */
const LANGUAGES = ['en', 'de', 'fr', 'es', 'ar'];
const PACKAGE_NAME = /^mf-[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const MOUNT = /^(?:\/[a-z0-9][a-z0-9-]*)+$/;
const FRAMES = ['guest', 'member'];

/** What a remote's federation name is: its package name as a JavaScript identifier. */
const federationNameOf = (pkg) => pkg.replaceAll('-', '_');
/** The variable that moves a remote's port: `mf-offers` → `MF_OFFERS_PORT`. */
const portVariableOf = (pkg) => `${federationNameOf(pkg).toUpperCase()}_PORT`;

/** Every mistake in `list` (the registry's `remotes`), as sentences; empty when it is sound. */
function problemsOf(list) {
  if (!Array.isArray(list) || list.length === 0) return ['remotes.json: "remotes" must be a non-empty array'];
  const problems = [];
  const seen = { package: new Set(), port: new Set(), variable: new Set(), mount: new Set(), menu: new Set() };
  const once = (kind, value, where) => {
    if (seen[kind].has(value)) problems.push(`${where}: ${kind} ${value} is taken by another remote`);
    seen[kind].add(value);
  };
  for (const [index, remote] of list.entries()) {
    const where = `remotes.json remote ${remote?.package ?? `#${index}`}`;
    if (!remote || typeof remote !== 'object') {
      problems.push(`${where}: must be an object`);
      continue;
    }
    if (!PACKAGE_NAME.test(remote.package ?? '')) {
      problems.push(`${where}: "package" must be kebab-case and start with "mf-" (${PACKAGE_NAME})`);
    }
    if (remote.federationName !== federationNameOf(String(remote.package))) {
      problems.push(`${where}: "federationName" must be ${federationNameOf(String(remote.package))}`);
    }
    const port = remote.port ?? {};
    if (port.variable !== portVariableOf(String(remote.package))) {
      problems.push(`${where}: "port.variable" must be ${portVariableOf(String(remote.package))}`);
    }
    if (!Number.isInteger(port.default) || port.default < 1024 || port.default > 65535) {
      problems.push(`${where}: "port.default" must be a port number from 1024 to 65535`);
    }
    if (!MOUNT.test(remote.mount ?? '')) problems.push(`${where}: "mount" must be a path such as /dashboard/offers`);
    if (!FRAMES.includes(remote.frame)) problems.push(`${where}: "frame" must be one of ${FRAMES.join(', ')}`);
    // The shell's signed-in frame (its layout, its start-up) is the one of /dashboard and below.
    const underDashboard = remote.mount === '/dashboard' || String(remote.mount).startsWith('/dashboard/');
    if (remote.frame === 'member' && !underDashboard) {
      problems.push(`${where}: a remote in the member frame is mounted at /dashboard or below`);
    }
    if (remote.frame === 'guest' && underDashboard) {
      problems.push(`${where}: a remote in the guest frame is mounted outside /dashboard`);
    }
    const exposes = remote.exposes ?? {};
    if (typeof exposes !== 'object' || !exposes['./routes']) {
      problems.push(`${where}: "exposes" must name "./routes", the one module a remote exposes`);
    }
    if (!Array.isArray(remote.menu)) problems.push(`${where}: "menu" must be an array (may be empty)`);
    for (const item of Array.isArray(remote.menu) ? remote.menu : []) {
      if (!/^[a-z][a-zA-Z0-9]*$/.test(item?.key ?? ''))
        problems.push(`${where}: a menu key must be a word: ${item?.key}`);
      else once('menu', item.key, where);
      const missing = LANGUAGES.filter((language) => typeof item?.title?.[language] !== 'string');
      if (missing.length) problems.push(`${where}: menu ${item?.key} has no title in ${missing.join(', ')}`);
    }
    once('package', remote.package, where);
    once('port', port.default, where);
    once('variable', port.variable, where);
    once('mount', remote.mount, where);
  }
  if (list.filter((remote) => remote?.home).length !== 1) {
    problems.push('remotes.json: exactly one remote must be "home" (it renders the page at /)');
  }
  return problems;
}

const problems = problemsOf(registry.remotes);
if (problems.length) throw new Error(`The registry of remotes is not sound:\n  ${problems.join('\n  ')}`);

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
 * The entries the remotes add to every member's menu, in the registry's order: the key (resolving
 * to the remote's mount), the icon, and the title as an i18n key of MENU_NAMESPACE.
 */
const menuEntries = remotes.flatMap((remote) =>
  remote.menu.map((item) => ({
    key: item.key,
    icon: item.icon ?? 'dashboard',
    title: `${MENU_NAMESPACE}:${item.key}`,
  })),
);
/** The texts of MENU_NAMESPACE in `language`. */
const menuTitles = (language) =>
  Object.fromEntries(
    remotes.flatMap((remote) => remote.menu.map((item) => [item.key, item.title[language] ?? item.title.en])),
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
  menuEntries,
  menuTitles,
  problemsOf,
  federationNameOf,
  portVariableOf,
};
