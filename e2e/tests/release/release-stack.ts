import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import apps from '../../../scripts/lib/apps.cjs';
import { API, ENVIRONMENT, SHELL, STACK_PORTS, stackSite, type StackSite, type StackSiteName } from './stack-ports';

export { API, ENVIRONMENT, SHELL, STACK_PORTS };

/** The repository, where the builds, the release CLI and the preview script live. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * The environment of a stack on `site`. Its pages report to the receiver of the suite's own preview
 * (TELEMETRY_PORT, inherited), labelled with the site's environment. With `sharedApi`, the stack
 * uses the suite's mock API too.
 */
const stackEnv = (site: StackSite, sharedApi = false) => ({
  ...process.env,
  ...Object.fromEntries(
    Object.entries(site.ports)
      .filter(([key]) => !(sharedApi && key === 'API_PORT'))
      .map(([key, value]) => [key, String(value)]),
  ),
  RELEASE_ACTOR: 'e2e-release-manager',
  // A release command returns once the stack's edge serves what it wrote (release/src/edge-follow.ts).
  RELEASE_EDGE_ORIGIN: site.shell,
});

/**
 * A release manager's shell: no NODE_EXTRA_CA_CERTS, which the e2e run sets for its own Node
 * clients. The CLI trusts the preview's local authority for its edge by itself (edge-follow.ts).
 */
function cliEnv(site: StackSite, sharedApi = false) {
  const env: NodeJS.ProcessEnv = stackEnv(site, sharedApi);
  delete env.NODE_EXTRA_CA_CERTS;
  return env;
}

/** What an mf-points build is made from: a cached build is reused only while none of it changed. */
const BUILD_INPUTS = [
  'package-lock.json',
  'webpack',
  'shared/src',
  'shared/package.json',
  'mf-points/src',
  'mf-points/public',
  'mf-points/package.json',
  'mf-points/webpack.config.cjs',
];

/** What the faulty canary adds to mf-points (fixtures/). */
const FAULTY_BUILD = path.join(__dirname, 'fixtures', 'build-faulty-mf-points.mjs');

let inputsDigest: string | undefined;

function buildInputsDigest(): string {
  if (inputsDigest) return inputsDigest;
  const hash = createHash('sha256');
  const add = (relative: string): void => {
    const absolute = path.join(REPO_ROOT, relative);
    if (!existsSync(absolute)) return;
    if (statSync(absolute).isDirectory()) {
      for (const entry of readdirSync(absolute).sort()) add(path.join(relative, entry));
    } else {
      hash.update(relative).update(readFileSync(absolute));
    }
  };
  [...BUILD_INPUTS, 'e2e/tests/release/fixtures'].forEach(add);
  inputsDigest = hash.digest('hex').slice(0, 12);
  return inputsDigest;
}

/**
 * mf-points as `version`, cached between runs under a digest of its sources and build configuration
 * (so a change to either makes it anew). A plain version is the suite's own production build
 * (`mf-points/dist`, the code every other journey is served) stamped with `version`: versions of
 * one source differ only in their stamps, and a webpack build costs a minute of a two-core
 * machine's CPU. With `faulty`, a real build of a canary that throws on render for a share of
 * loads (fixtures/faulty-routes.mjs).
 */
export function mfPointsBuild(version: string, { faulty = false }: { faulty?: boolean } = {}): string {
  const cacheRoot = path.join(REPO_ROOT, 'node_modules', '.cache', 'release-e2e');
  const digest = buildInputsDigest();
  // Builds of other sources are of no further use.
  if (existsSync(cacheRoot)) {
    for (const entry of readdirSync(cacheRoot)) {
      if (entry !== digest) rmSync(path.join(cacheRoot, entry), { recursive: true, force: true });
    }
  }
  const cached = path.join(cacheRoot, digest, `mf-points-${version}${faulty ? '-faulty' : ''}`);
  if (existsSync(path.join(cached, 'version.json'))) return cached;
  // Made beside the cache, then moved in whole: the two release suites run side by side, and one
  // may make what the other wants.
  const building = `${cached}.${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  if (faulty) {
    const build = spawnSync(process.execPath, [FAULTY_BUILD], {
      cwd: REPO_ROOT,
      env: { ...process.env, RELEASE_VERSION: version, BUILD_OUTPUT_DIR: building },
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error(`building mf-points ${version} failed`);
  } else {
    const productionBuild = path.join(REPO_ROOT, 'mf-points', 'dist');
    if (!existsSync(path.join(productionBuild, 'version.json'))) {
      throw new Error('no production build of mf-points: `node scripts/run/build.mjs mf-points` first');
    }
    stampedCopy(productionBuild, building, version);
  }
  try {
    renameSync(building, cached);
  } catch (error) {
    // The other suite's copy of the same sources got there first: the same bytes.
    if (!existsSync(path.join(cached, 'version.json'))) throw error;
    rmSync(building, { recursive: true, force: true });
  }
  return cached;
}

/**
 * `from` copied to `to` as `version`: the same code, byte for byte; only its version stamps
 * (version.json, the federation manifest's build version) say otherwise. Their precompressed
 * copies go, so the edge never serves the old stamps.
 */
function stampedCopy(from: string, to: string, version: string): void {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  for (const file of ['version.json', 'mf-manifest.json']) {
    for (const encoding of ['br', 'gz']) rmSync(path.join(to, `${file}.${encoding}`), { force: true });
  }
  const stamp = JSON.parse(readFileSync(path.join(to, 'version.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(path.join(to, 'version.json'), JSON.stringify({ ...stamp, version }, null, 2));
  // The federation manifest's build version says the same (the release CLI holds the two equal).
  const manifestFile = path.join(to, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    metaData?: { buildInfo?: { buildVersion?: string } };
  };
  if (manifest.metaData?.buildInfo) manifest.metaData.buildInfo.buildVersion = version;
  writeFileSync(manifestFile, JSON.stringify(manifest));
}

/** The build of `from` published as `version`: what a byte-identical canary is made of. */
export function sameBuildAs(version: string, from: string): string {
  const copy = path.join(path.dirname(from), `${path.basename(from)}-as-${version}`);
  stampedCopy(from, copy, version);
  return copy;
}

/** A deploy root as a release manager's is: readable by the web server's user (mkdtemp's is private). */
function deployRootFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'loyalty-deploy-'));
  chmodSync(folder, 0o755);
  return folder;
}

export class ReleaseStack {
  readonly deployRoot = deployRootFolder();
  /** For each command that changed the manifest: how long until the edge served it (ms). */
  readonly edgeTimes: Array<{ command: string; ms: number }> = [];
  private preview: ChildProcess | null = null;

  /** Where the stack runs: its ports, shell origin and environment (stack-ports.ts). */
  readonly site: StackSite;

  constructor(private readonly options: { sharedApi?: boolean; site?: StackSiteName } = {}) {
    this.site = stackSite(options.site ?? 'releases');
  }

  /** The mock API the stack's members live in. */
  get api(): string {
    return this.options.sharedApi ? apps.apiOrigin() : this.site.api;
  }

  /**
   * The release CLI with `args`, on this stack's deploy root and environment: the program and its
   * arguments. Node with tsx's loader, as `npm run release` runs it: the CLI is the process, and a
   * signal reaches it, not a wrapper that relays it (tsx's kills a child that takes over 30 ms to answer).
   */
  private cliCommand(args: string[]): [string, string[]] {
    return [
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(REPO_ROOT, 'release', 'src', 'cli.ts'),
        ...args,
        '--root',
        this.deployRoot,
        '--env',
        this.site.environment,
      ],
    ];
  }

  /**
   * `npm run release -- <args>` on this stack's deploy root and environment. A command that writes
   * the manifest returns once the edge serves it: the preview follows the environment's manifest,
   * generates its configuration again and reloads nginx (scripts/run/preview.mjs). `edgeMs` is how
   * long that took after the write, as the CLI says it.
   */
  async release(...args: string[]): Promise<{ status: number | null; output: string; edgeMs: number | null }> {
    const result = spawnSync(...this.cliCommand(args), {
      cwd: REPO_ROOT,
      env: cliEnv(this.site, this.options.sharedApi),
      encoding: 'utf8',
    });
    const output = `${result.stdout}${result.stderr}`;
    const served = /The edge \S+ serves revision \d+ \((\d+) ms after the write\)\./.exec(output);
    const edgeMs = served ? Number(served[1]) : null;
    if (edgeMs !== null) this.edgeTimes.push({ command: args.join(' '), ms: edgeMs });
    return { status: result.status, output, edgeMs };
  }

  /** `release` as a process of its own, for a command that runs while the test drives the portal. */
  releaseInBackground(...args: string[]): Promise<{ status: number | null; output: string }> {
    return this.releaseProcess(...args).result;
  }

  /**
   * `releaseInBackground` with a hand on the process: what it printed so far, waiting for a line,
   * and a signal as a terminal sends it (Ctrl+C is SIGINT).
   */
  releaseProcess(...args: string[]) {
    const child = spawn(...this.cliCommand(args), { cwd: REPO_ROOT, env: cliEnv(this.site, this.options.sharedApi) });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const result = new Promise<{ status: number | null; output: string }>((resolve) =>
      child.on('close', (status) => resolve({ status, output })),
    );
    return {
      result,
      output: () => output,
      /** Until the output matches `pattern`; throws when the process ended first or after `timeoutMs`. */
      waitForOutput: async (pattern: RegExp, timeoutMs = 120_000) => {
        const deadline = Date.now() + timeoutMs;
        while (!pattern.test(output)) {
          if (child.exitCode !== null || Date.now() > deadline)
            throw new Error(`release ${args.join(' ')} never printed ${pattern}:\n${output}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      },
      signal: (signal: NodeJS.Signals) => child.kill(signal),
    };
  }

  /** Like `release`, and the command must succeed. */
  async releaseOk(...args: string[]): Promise<string> {
    const { status, output } = await this.release(...args);
    expect(status, `release ${args.join(' ')}:\n${output}`).toBe(0);
    return output;
  }

  /** The environment's manifest as the release CLI last wrote it; null before the first release. */
  deployedManifest(): { revision: number; remotes: Record<string, unknown> } | null {
    const file = path.join(this.deployRoot, 'manifests', `${this.site.environment}.json`);
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  }

  /** The walk of `remote` as its lease on disk says (release/src/walk-state.ts); null when there is none. */
  walkOnDisk(remote: string): { status: string; stepIndex: number; revision: number | null } | null {
    const file = path.join(this.deployRoot, 'manifests', 'walks', this.site.environment, `${remote}.json`);
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  }

  async start(): Promise<void> {
    this.preview = spawn(
      process.execPath,
      [
        path.join(REPO_ROOT, 'scripts', 'run', 'preview.mjs'),
        '--deploy-root',
        this.deployRoot,
        '--env',
        this.site.environment,
        // Members are registered through the outbox of one-time codes, as in the other suites.
        '--dev-routes',
        // The stack's pages report to the suite's receiver (TELEMETRY_PORT, inherited).
        '--no-telemetry',
        '--no-prometheus',
        // Orphaned walks are resumed by the tests themselves, when they say so.
        '--no-controller',
        ...(this.options.sharedApi ? ['--no-api'] : []),
      ],
      {
        cwd: REPO_ROOT,
        env: {
          ...stackEnv(this.site, this.options.sharedApi),
          MOCK_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'loyalty-release-api-')),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const up = await fetch(`${this.site.shell}/config.json`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('the release preview did not start');
  }

  /** Stops the preview (nginx and the mock API with it) and throws the deploy root away. */
  async stop(): Promise<void> {
    const preview = this.preview;
    if (preview && preview.exitCode === null) {
      const exited = new Promise((resolve) => preview.once('exit', resolve));
      preview.kill('SIGTERM');
      await exited;
    }
    rmSync(this.deployRoot, { recursive: true, force: true });
  }
}

export interface StackMember {
  id: string;
  email: string;
  password: string;
}

/** Registers and verifies a member against the stack's API, as the member fixture does. */
export async function registerMember(request: APIRequestContext, label: string, api = API): Promise<StackMember> {
  const email = `release-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Sunny#Day42';
  const post = async <T>(url: string, data: unknown, token?: string) => {
    const response = await request.post(`${api}${url}`, {
      data,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    expect(response.ok(), `${url}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  await post('/api/auth/register', { email, password, password2: password, firstname: 'Grace', lastname: 'Hopper' });
  const outbox = await request.get(`${api}/api/dev/outbox?email=${encodeURIComponent(email)}`);
  const code = ((await outbox.json()) as { data: Array<{ code?: string }> }).data.find((message) => message.code)?.code;
  const verified = await post<{ data: { accessToken: string } }>('/api/auth/verify-otp', {
    email,
    otp: code,
    purpose: 'register',
  });
  const me = await request.get(`${api}/api/auth/me`, {
    headers: { Authorization: `Bearer ${verified.data.accessToken}` },
  });
  const { data } = (await me.json()) as { data: { Id: string } };
  return { id: data.Id, email, password };
}

/**
 * The test's own reading of the cohort rule (decision 060), written out again here so the
 * product's implementation is checked, not reused: a network's cohort is the first 16 characters of
 * the base64url HMAC-SHA-256 of `cohort:<IPv4 address>` under the receivers' key
 * (TELEMETRY_PASS_SECRET, e2e/playwright.config.ts), and its bucket for a remote FNV-1a 32 of
 * `<remote>:net:<cohort>`, modulo 100.
 */
function bucketOf(remote: string, address: string): number {
  const secret = process.env.TELEMETRY_PASS_SECRET;
  if (!secret) throw new Error("TELEMETRY_PASS_SECRET is not set: the suite's configuration sets it");
  const cohort = createHmac('sha256', secret).update(`cohort:${address}`).digest('base64url').slice(0, 16);
  let hash = 0x811c9dc5;
  for (const char of `${remote}:net:${cohort}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 100;
}

/**
 * `count` loopback addresses on each side of a `percent` canary of `remote`, from 127.0.0.`from`
 * on: members at home each have their own network, and it is the network's cohort that decides.
 */
export function addressesBySide(remote: string, percent: number, count: number, from: number) {
  const sides = { inCanary: [] as string[], outOfCanary: [] as string[] };
  for (let last = from; sides.inCanary.length < count || sides.outOfCanary.length < count; last += 1) {
    if (last > 254) throw new Error(`fewer than ${count} addresses on each side from 127.0.0.${from}`);
    const address = `127.0.0.${last}`;
    const side = bucketOf(remote, address) < percent ? sides.inCanary : sides.outOfCanary;
    if (side.length < count) side.push(address);
  }
  return sides;
}

/**
 * Waits until the receiver has told `context`'s pages their network's cohort (a pass's answer sets
 * it): a page loads a canary from the next load on, as a member's first visit is stable.
 */
export async function waitForCohort(context: BrowserContext): Promise<void> {
  await expect
    .poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'loyalty_cohort'), {
      message: "the receiver set the network's cohort",
      timeout: 30_000,
    })
    .toBe(true);
}
