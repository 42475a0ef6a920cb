// `npm run new-remote <name>`: a new remote in the portal's one shape (routes, one page with its
// heading and its first-paint skeleton, texts in the five languages, a unit test, an e2e journey,
// the standalone harness, its webpack configuration, package.json and tsconfig.json), from ./template, and its entry in the
// registry of remotes (remotes.json). Everything else reads the registry, so with no further edit
// the new remote is built, served, tested, released and reported on (docs/adding-a-remote.md).
//
//   npm run new-remote mf-offers                      mounted at /dashboard/offers
//   npm run new-remote offers -- --mount /dashboard/deals --title "Deals"
//   npm run new-remote mf-offers -- --no-install      without `npm install` (the lockfile stays)
//
// Beyond the new folder it changes remotes.json (the remote's entry) alone, and `npm install`
// records the workspace in the lockfile.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const require = createRequire(import.meta.url);
const TEMPLATE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'template');

/**
 * Ports Chromium and `fetch` refuse outright (the fetch standard's "bad ports"): a default port is
 * never one of them.
 */
const BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);
/** Where Debian's `prometheus` package starts a service of its own once installed. */
const DEBIAN_PROMETHEUS_PORT = 9090;

/** The texts of the first page in each language: its heading is the remote's title. */
const INTRO = {
  en: 'This page is new: its team fills it in.',
  de: 'Diese Seite ist neu: Ihr Team füllt sie.',
  fr: 'Cette page est nouvelle : son équipe la remplit.',
  es: 'Esta página es nueva: su equipo la completa.',
  ar: 'هذه الصفحة جديدة: يملؤها فريقها.',
};

/** `offers` or `mf-offers` → the remote's names; throws a usage error on anything else. */
export function namesOf(name, { title, mount } = {}) {
  const pkg = name.startsWith('mf-') ? name : `mf-${name}`;
  if (!/^mf-[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(pkg)) {
    throw new UsageError(`"${name}" is not a remote name: lower-case words joined by "-", such as deals or mf-deals.`);
  }
  const words = pkg.slice('mf-'.length).split('-');
  const namespace = words.join('-');
  const camel = words.map((word, index) => (index ? word[0].toUpperCase() + word.slice(1) : word)).join('');
  const component = camel[0].toUpperCase() + camel.slice(1);
  return {
    pkg,
    federationName: pkg.replaceAll('-', '_'),
    portVariable: `${pkg.replaceAll('-', '_').toUpperCase()}_PORT`,
    namespace,
    menuKey: camel,
    component,
    title: title ?? words.map((word) => word[0].toUpperCase() + word.slice(1)).join(' '),
    mount: mount ?? `/dashboard/${namespace}`,
  };
}

/**
 * The first default port above every server's, clear of the bad ports. (The release journeys'
 * stacks pass over every server's port by themselves: scripts/lib/apps.cjs `stackPorts`.)
 */
export function nextFreePort(portSettings) {
  const defaults = Object.values(portSettings).map(([, port]) => port);
  const taken = new Set([...defaults, DEBIAN_PROMETHEUS_PORT]);
  let port = Math.max(...defaults) + 1;
  while (taken.has(port) || BAD_PORTS.has(port)) port += 1;
  return port;
}

/**
 * The id of the new remote's menu entry: above every id of the registry, since a member's stored
 * menu keeps the ids it was given.
 */
export function nextMenuId(remotes) {
  const ids = remotes.flatMap((remote) => remote.menu.flatMap((item) => [item, ...(item.children ?? [])]));
  return Math.max(0, ...ids.map((item) => item.id)) + 1;
}

/** The remote's entry in remotes.json, in the file's own layout (prettier's). */
function registryEntry(names, port, menuId) {
  const titles = Object.fromEntries(Object.keys(INTRO).map((language) => [language, names.title]));
  const entry = {
    package: names.pkg,
    federationName: names.federationName,
    port: { variable: names.portVariable, default: port },
    mount: names.mount,
    frame: 'member',
    exposes: { './routes': './src/routes.tsx' },
    menu: [{ id: menuId, key: names.menuKey, icon: 'dashboard', title: titles }],
  };
  return entry;
}

/**
 * remotes.json with `entry` appended, laid out by prettier as the file is: the other remotes'
 * lines stay as they are.
 */
async function withEntry(repoRoot, registryFile, registryText, entry) {
  const end = registryText.lastIndexOf(']');
  const lastBrace = registryText.lastIndexOf('}', end);
  // One line per key: prettier then breaks only what is too long for a line.
  const lines = Object.entries(entry).map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  const text = `${registryText.slice(0, lastBrace + 1)},\n{\n${lines.join(',\n')}\n}\n${registryText.slice(end)}`;
  const prettier = await import(pathToFileURL(path.join(repoRoot, 'node_modules', 'prettier', 'index.mjs')).href);
  return prettier.format(text, { ...(await prettier.resolveConfig(registryFile)), filepath: registryFile });
}

/** Every template file, as [path inside the new folder, text with the names filled in]. */
function filledTemplate(names) {
  const replacements = {
    __PACKAGE__: names.pkg,
    __FEDERATION__: names.federationName,
    __NAMESPACE__: names.namespace,
    __COMPONENT__: names.component,
    __TITLE__: names.title,
    __MOUNT_PATTERN__: names.mount.replaceAll('/', '\\/'),
    __MOUNT__: names.mount,
    __REQUIRES_SESSION__: 'true',
    __INTRO_EN__: INTRO.en,
  };
  const files = [];
  const walk = (folder) => {
    for (const entry of readdirSync(path.join(TEMPLATE, folder), { withFileTypes: true })) {
      const relative = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.tmpl')) {
        let text = readFileSync(path.join(TEMPLATE, relative), 'utf8');
        for (const [placeholder, value] of Object.entries(replacements)) text = text.replaceAll(placeholder, value);
        files.push([relative.slice(0, -'.tmpl'.length), text]);
      }
    }
  };
  walk('');
  for (const [language, intro] of Object.entries(INTRO)) {
    const texts = { home: { title: names.title, intro } };
    files.push([path.join('src', 'locales', `${language}.json`), `${JSON.stringify(texts, null, 2)}\n`]);
  }
  return files;
}

/**
 * Creates the remote `name` in `repoRoot`: its folder, its registry entry, its TypeScript reference.
 * Returns what it wrote.
 */
export async function createRemote(repoRoot, name, { title, mount } = {}) {
  const names = namesOf(name, { title, mount });
  const folder = path.join(repoRoot, names.pkg);
  if (existsSync(folder)) throw new UsageError(`${names.pkg}/ exists already.`);
  const registryFile = path.join(repoRoot, 'remotes.json');
  const registryText = readFileSync(registryFile, 'utf8');
  const { remotes } = JSON.parse(registryText);
  const { PORT_SETTINGS } = require(path.join(repoRoot, 'scripts', 'lib', 'apps.cjs'));
  const port = nextFreePort(PORT_SETTINGS);
  const entry = registryEntry(names, port, nextMenuId(remotes));
  // The registry's own checks, before anything is written.
  const { problemsOf } = require(path.join(repoRoot, 'scripts', 'lib', 'remotes.cjs'));
  const problems = problemsOf([...remotes, entry]);
  if (problems.length) throw new UsageError(`The new remote does not fit the registry:\n  ${problems.join('\n  ')}`);

  const written = [];
  for (const [relative, text] of filledTemplate(names)) {
    const file = path.join(folder, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    written.push(path.join(names.pkg, relative));
  }
  writeFileSync(registryFile, await withEntry(repoRoot, registryFile, registryText, entry));
  return { names, port, written: written.sort(), changed: ['remotes.json'] };
}

/** A mistake in how the command was called. */
export class UsageError extends Error {
  name = 'UsageError';
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      title: { type: 'string' },
      mount: { type: 'string' },
      'no-install': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  if (values.help || positionals.length !== 1) {
    console.log('Usage: npm run new-remote <name> [-- --title <Title> --mount </dashboard/…> --no-install]');
    process.exit(values.help ? 0 : 2);
  }
  try {
    const { names, port, written, changed } = await createRemote(repoRoot, positionals[0], values);
    console.log(
      `Created ${names.pkg}/ (${written.length} files), mounted at ${names.mount}, port ${port} (${names.portVariable}).`,
    );
    console.log(`Changed ${changed.join(' and ')}.`);
    if (!values['no-install']) {
      // Links the new workspace and records it in the lockfile.
      const install = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: repoRoot, stdio: 'inherit' });
      if (install.status !== 0) process.exit(install.status ?? 1);
    }
    console.log(`Next: npm start, and open ${names.mount} in the shell; ${names.pkg}/src/features/home/ is its page.`);
  } catch (error) {
    console.error(error.message);
    process.exit(error instanceof UsageError ? 2 : 1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
