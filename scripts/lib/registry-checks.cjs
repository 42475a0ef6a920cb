// The registry's rules and checks (docs/adding-a-remote.md, decision 063): what a sound
// remotes.json is. Read through remotes.cjs, which runs them wherever the registry is read in Node.
// A browser build leaves this file out (webpack/registry/no-registry-checks.cjs).

/** Languages every remote ships texts in, and a menu entry's title is given in. */
const LANGUAGES = ['en', 'de', 'fr', 'es', 'ar'];
const PACKAGE_NAME = /^mf-[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const MOUNT = /^(?:\/[a-z0-9][a-z0-9-]*)+$/;
const FRAMES = ['guest', 'member'];

/** What a remote's federation name is: its package name as a JavaScript identifier. */
const federationNameOf = (pkg) => pkg.replaceAll('-', '_');
/** The variable that moves a remote's port: `mf-offers` → `MF_OFFERS_PORT`. */
const portVariableOf = (pkg) => `${federationNameOf(pkg).toUpperCase()}_PORT`;

/** Where a menu entry sits: the frame's sections, each under its own subheader. */
const MENU_SECTIONS = ['overview', 'account'];
const ROUTE_KEY = /^[a-z][a-zA-Z0-9]*(?:\.[a-z][a-zA-Z0-9]*)*$/;

/** The mistakes of one menu entry (and of its children, one level deep), as sentences. */
function menuItemProblems(item, where, once, { top }) {
  const problems = [];
  if (!/^[a-z][a-zA-Z0-9]*$/.test(item?.key ?? '')) problems.push(`${where}: a menu key must be a word: ${item?.key}`);
  else once('menu', item.key, where);
  const entry = `${where}: menu ${item?.key}`;
  // The id is what a member's stored menu keeps: it never changes, and no two entries share one.
  if (!Number.isInteger(item?.id) || item.id < 1) problems.push(`${entry} needs an "id", a positive whole number`);
  else once('id', item.id, where);
  if (item?.route !== undefined && !ROUTE_KEY.test(item.route)) {
    problems.push(`${entry}: "route" must be a dotted key of the route table, such as dashboard.claim`);
  }
  if (item?.icon !== undefined && typeof item.icon !== 'string') problems.push(`${entry}: "icon" must be a name`);
  const missing = LANGUAGES.filter((language) => typeof item?.title?.[language] !== 'string');
  if (missing.length) problems.push(`${entry} has no title in ${missing.join(', ')}`);
  if (item?.section !== undefined && (!top || !MENU_SECTIONS.includes(item.section))) {
    problems.push(`${entry}: "section" is one of ${MENU_SECTIONS.join(', ')}, on a top-level entry`);
  }
  if (item?.children !== undefined) {
    if (!top || !Array.isArray(item.children)) problems.push(`${entry}: "children" is an array, one level deep`);
    else for (const child of item.children) problems.push(...menuItemProblems(child, where, once, { top: false }));
  }
  return problems;
}

/** Every mistake in `list` (the registry's `remotes`), as sentences; empty when it is sound. */
function problemsOf(list) {
  if (!Array.isArray(list) || list.length === 0) return ['remotes.json: "remotes" must be a non-empty array'];
  const problems = [];
  const seen = {
    package: new Set(),
    port: new Set(),
    variable: new Set(),
    mount: new Set(),
    menu: new Set(),
    id: new Set(),
  };
  const once = (kind, value, where) => {
    const owner = kind === 'menu' || kind === 'id' ? 'menu entry' : 'remote';
    if (seen[kind].has(value))
      problems.push(`${where}: ${kind === 'id' ? 'menu id' : kind} ${value} is taken by another ${owner}`);
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
      problems.push(...menuItemProblems(item, where, once, { top: true }));
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

module.exports = { LANGUAGES, MENU_SECTIONS, federationNameOf, portVariableOf, problemsOf };
