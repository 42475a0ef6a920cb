import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { SHELL_ORIGIN } from '../support/endpoints';
import { expectNoA11yViolations } from '../support/axe';
import { signIn } from '../support/sign-in';

/** Where the edge serves the shell from (scripts/edge/portal-sites.mjs). */
const SHELL_DIST = path.resolve(__dirname, '..', '..', '..', 'shell', 'dist');
/** The copies the edge serves in their place to browsers that accept them. */
const PRECOMPRESSED = ['', '.br', '.gz'];
/** The shell's Arabic texts, which the notice speaks on an Arabic page. */
const ARABIC = JSON.parse(readFileSync(path.resolve(SHELL_DIST, '..', 'src', 'locales', 'ar.json'), 'utf8')) as {
  update: { fetching: string; ready: string; reload: string };
};
/** The sign-in form's generic message in Arabic, which a file that did not load must not bring. */
const ARABIC_GENERIC = (
  JSON.parse(
    readFileSync(path.resolve(__dirname, '..', '..', '..', 'mf-auth', 'src', 'locales', 'ar.json'), 'utf8'),
  ) as {
    login: { errors: { generic: string } };
  }
).login.errors.generic;

/**
 * How long the notice that the new shell is ready may take once its worker may install. Nothing
 * told the page before its failed load: the failure asks the browser for the worker, which
 * installs the new build's files before it takes over. On a busy machine that took more than the
 * usual 10 s (the member is told at once that it is being fetched).
 */
const NEW_WORKER_MS = 30_000;

/**
 * A file the release's worker waits for before it installs: until the journey serves it, the page
 * stays in the moment between its failed load and the new worker's takeover.
 */
const INSTALL_GATE = 'e2e-install-gate.js';

/** What the release's worker runs first when it waits for the journey: it installs once the gate is served. */
const WAIT_FOR_GATE = `self.addEventListener('install', (event) => event.waitUntil((async () => {
  while (!(await fetch('/${INSTALL_GATE}', { cache: 'no-store' })).ok) await new Promise((go) => setTimeout(go, 250));
})()));
`;

/** Moves `file` and its precompressed copies aside; gives back what puts them back. */
function moveAside(file: string): () => void {
  const moved = PRECOMPRESSED.map((suffix) => `${file}${suffix}`).filter((name) => existsSync(name));
  for (const name of moved) renameSync(name, `${name}.e2e-aside`);
  return () => {
    for (const name of moved) renameSync(`${name}.e2e-aside`, name);
  };
}

/** The shell's content-hashed scripts that `page` has not loaded: an older build's, still to come. */
async function scriptsNotLoaded(page: Page): Promise<string[]> {
  const loaded = new Set(
    await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname.slice(1)),
    ),
  );
  return readdirSync(SHELL_DIST).filter((name) => /\.[0-9a-f]{8,}\.js$/.test(name) && !loaded.has(name));
}

interface Release {
  /** The new build's own files are served (the suite's build stands in for them). */
  serveItsFiles(): void;
  /** A worker that waits for the journey may install from now on. */
  letItInstall(): void;
  /** The suite's build as it was, worker included. */
  undo(): void;
}

/**
 * Releases not undone yet. A journey past its time limit is abandoned where it waits, its
 * `finally` never run: the suite's build is put back after each journey whatever happened.
 */
const unfinished = new Set<Release>();

test.afterEach(() => {
  for (const release of unfinished) release.undo();
});

/** Another build's hash, every digit changed: what the next release's worker precaches. */
function nextBuild(build: string): string {
  return build.replace(/[0-9a-f]/g, (digit) => ((parseInt(digit, 16) + 1) % 16).toString(16));
}

/**
 * A new shell released under an open page, as the edge would serve it: a new worker script that
 * precaches the next build's main.js, and none of the older build's content-hashed files the page
 * has not loaded yet (a new build names its own), but those `unchanged` names: a chunk whose code
 * both builds share keeps its content-hashed name. A worker that `waits` installs only once the
 * journey lets it (`letItInstall`).
 */
async function releaseNewShell(
  page: Page,
  request: APIRequestContext,
  { unchanged, waits = false }: { unchanged?: RegExp; waits?: boolean } = {},
): Promise<Release> {
  const worker = path.join(SHELL_DIST, 'sw.js');
  const original = readFileSync(worker, 'utf8');
  // The page's downloads under way arrive first (the bundler removes each script it added once it
  // has loaded): the release takes away only what the page has not asked for.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const arrived = new Set(performance.getEntriesByType('resource').map((entry) => entry.name));
        return [...document.querySelectorAll('script[src]')].every((script) =>
          arrived.has((script as HTMLScriptElement).src),
        );
      }),
    )
    .toBe(true);
  const gone = (await scriptsNotLoaded(page)).filter((name) => !unchanged?.test(name));
  const chunksBack = gone.map((name) => moveAside(path.join(SHELL_DIST, name)));
  const build = /main\.js\?([0-9a-f]+)/.exec(original)?.[1] ?? '';
  expect(build, "the build hash of the worker's main.js").not.toBe('');
  const workerBack = moveAside(worker);
  const gate = path.join(SHELL_DIST, INSTALL_GATE);
  writeFileSync(
    worker,
    `${waits ? WAIT_FOR_GATE : ''}${original.replace(`main.js?${build}`, `main.js?${nextBuild(build)}`)}\n// The next shell's release.\n`,
  );
  let workerMoved = true;
  const release: Release = {
    serveItsFiles: () => {
      for (const undo of chunksBack.splice(0)) undo();
    },
    letItInstall: () => writeFileSync(gate, '// The journey lets the worker install.\n'),
    undo: () => {
      release.serveItsFiles();
      if (workerMoved) workerBack();
      workerMoved = false;
      rmSync(gate, { force: true });
      unfinished.delete(release);
    },
  };
  unfinished.add(release);
  try {
    expect(gone.length, 'files of the build the page has not loaded').toBeGreaterThan(0);
    // The edge checks its open files every second: it serves the release once it has seen it.
    await expect
      .poll(async () => {
        const served = await request.get(`${SHELL_ORIGIN}/sw.js`);
        const chunk = await request.get(`${SHELL_ORIGIN}/${gone[0]}`);
        return (await served.text()).includes("The next shell's release") && chunk.status() === 404;
      })
      .toBe(true);
  } catch (error) {
    release.undo();
    throw error;
  }
  return release;
}

/** Whether a worker controls `page`. */
function controlled(page: Page): Promise<boolean> {
  return page.evaluate(() => navigator.serviceWorker.controller !== null);
}

/** The shell build the worker in control of `page` says it serves (`SHELL_BUILD`); none without one. */
function servedBuild(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const worker = navigator.serviceWorker.controller;
        if (!worker) return resolve(null);
        const channel = new MessageChannel();
        channel.port1.onmessage = ({ data }: MessageEvent<unknown>) => resolve(typeof data === 'string' ? data : null);
        worker.postMessage({ type: 'SHELL_BUILD' }, [channel.port2]);
      }),
  );
}

/**
 * A signed-out page (sign-in unless told), under its build's worker (which comes once the page's
 * network is quiet).
 */
async function openUnderItsWorker(page: Page, pagePath = '/auth/login'): Promise<void> {
  await page.goto(pagePath);
  await expect(page.locator('form button[type="submit"]')).toBeVisible();
  await expect.poll(() => controlled(page)).toBe(true);
}

/**
 * Chooses French as a member does, the list focused (selectOption alone leaves the focus where it
 * was), on a page whose French texts went with its release: the notice it brings, once shown.
 */
async function chooseFrench(page: Page): Promise<Locator> {
  const language = page.getByRole('combobox', { name: 'Language' });
  await language.focus();
  await language.selectOption('fr');
  const notice = page.getByRole('alert').filter({ hasText: 'A new version of the portal is ready' });
  await expect(notice).toBeVisible();
  return notice;
}

/** Presses Shift+Tab (a few times at most) until `target` has the focus: keyboard only. */
async function tabBackTo(page: Page, target: Locator): Promise<void> {
  for (
    let presses = 0;
    presses < 8 && !(await target.evaluate((element) => element === document.activeElement));
    presses += 1
  ) {
    await page.keyboard.press('Shift+Tab');
  }
  await expect(target).toBeFocused();
}

/**
 * Records the text of every status and alert the page shows from its start, however briefly: a
 * message replaced before a check looks is still seen. Gives back what reads the record.
 */
async function recordMessages(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen = new Set<string>();
    Object.assign(window, { messagesSeen: seen });
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('[role="status"], [role="alert"]')) {
        const text = element.textContent?.trim();
        if (text) seen.add(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { messagesSeen: Set<string> }).messagesSeen]);
}

test.describe('a new shell released under an open page', () => {
  // Each journey releases over the same files: one after the other.
  test.describe.configure({ mode: 'default' });

  test('the member is told only when an action needs it, keeps what they typed, and reloads into the new shell', async ({
    page,
    request,
  }) => {
    await openUnderItsWorker(page);
    await page.getByLabel('E-mail').fill('member@example.com');

    const release = await releaseNewShell(page, request);
    try {
      // Nothing the page needs has changed: it says nothing.
      await page.getByLabel('Password', { exact: true }).fill('typed before the release');
      await expect(page.getByTestId('update-notice')).toHaveCount(0);

      // French texts are a file of the older build, gone with its release.
      const notice = await chooseFrench(page);
      await expect(notice).toContainText('Reload to continue.');
      const reload = notice.getByRole('button', { name: 'Reload' });
      await expect(reload).toBeFocused();
      // The message took nothing from the form.
      await expect(page.getByLabel('E-mail')).toHaveValue('member@example.com');
      // (The sign-in form's own texts, from its remote, are French by now.)
      await expect(page.getByLabel('Mot de passe', { exact: true })).toHaveValue('typed before the release');
      await expectNoA11yViolations(page, 'a new version is ready', { exclude: ['[data-remote]'] });

      release.serveItsFiles();
      const failed: string[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script' && response.status() >= 400) failed.push(response.url());
      });
      page.on('requestfailed', (failure) => failed.push(failure.url()));
      // Keyboard only: the focus is on Reload.
      await page.keyboard.press('Enter');
      // The new shell whole: in the language chosen, under the release's worker (no other on its
      // way), every script loaded.
      await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Langue' })).toBeVisible();
      await expect(page.getByTestId('update-notice')).toHaveCount(0);
      expect(
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return {
            controlled: navigator.serviceWorker.controller !== null,
            waiting: registration?.waiting ?? null,
            installing: registration?.installing ?? null,
          };
        }),
      ).toEqual({ controlled: true, waiting: null, installing: null });
      expect(failed).toEqual([]);
    } finally {
      release.undo();
    }
  });

  test('signing in on a page of the older shell, whose sign-in code is gone, says at once that a new version is being fetched, asks for a reload and keeps what was typed', async ({
    page,
    request,
    member,
  }) => {
    const messages = await recordMessages(page);
    await openUnderItsWorker(page);
    const release = await releaseNewShell(page, request, { waits: true });
    try {
      // The API layer is a file the page fetches when the member starts filling the form in: of
      // the older build, gone with its release.
      await page.getByLabel('E-mail').fill(member.email);
      await page.getByLabel('Password', { exact: true }).fill(member.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      // At once, while the new worker installs: a status, not the form's "something went wrong".
      const fetching = page.getByRole('status').filter({ hasText: 'A new version of the portal is being fetched' });
      await expect(fetching).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.getByLabel('Password', { exact: true })).toHaveValue(member.password);
      await expectNoA11yViolations(page, 'a new version is being fetched on sign-in', { exclude: ['[data-remote]'] });

      release.letItInstall();
      const notice = page.getByRole('alert').filter({ hasText: 'A new version of the portal is ready' });
      // The new worker installs the new build's files before it takes over: that takes time.
      await expect(notice).toBeVisible({ timeout: NEW_WORKER_MS });
      await expect(fetching).toHaveCount(0);
      await expect(page.getByLabel('E-mail')).toHaveValue(member.email);
      await expect(page.getByLabel('Password', { exact: true })).toHaveValue(member.password);
      await expectNoA11yViolations(page, 'a new version is ready on sign-in', { exclude: ['[data-remote]'] });
      expect((await messages()).filter((text) => /something went wrong/i.test(text))).toEqual([]);

      release.serveItsFiles();
      // It came while the member typed, so it left the focus with the form; first in the document,
      // it is a few presses back with the keyboard alone.
      await tabBackTo(page, page.getByRole('button', { name: 'Reload' }));
      await page.keyboard.press('Space');
      // The new shell signs the member in and opens the dashboard.
      await expect(page.getByTestId('update-notice')).toHaveCount(0);
      await signIn(page, member.email, member.password);
      await expect(page.getByRole('button', { name: /^Account menu of / })).toBeVisible();
    } finally {
      release.undo();
    }
  });

  test("registering on a page of the older shell, whose code is gone, leaves the word to the notice: no message of the form's own, and what was typed stays", async ({
    page,
    request,
  }) => {
    const messages = await recordMessages(page);
    await openUnderItsWorker(page, '/auth/register');
    const release = await releaseNewShell(page, request, { waits: true });
    try {
      // The HTTP client is a file the page fetches when the member starts filling the form in: of
      // the older build, gone with its release.
      const typed = {
        'First name': 'Ada',
        'Last name': 'Lovelace',
        'E-mail': 'ada.after.release@example.com',
        Password: 'Sunny#Day42',
        'Confirm password': 'Sunny#Day42',
      };
      for (const [label, value] of Object.entries(typed)) await page.getByLabel(label, { exact: true }).fill(value);
      const submit = page.getByRole('button', { name: 'Create account' });
      await submit.click();
      const fetching = page.getByRole('status').filter({ hasText: 'A new version of the portal is being fetched' });
      await expect(fetching).toBeVisible();
      // The submit has come back (its button usable again) with no message of the form's own.
      await expect(submit).toBeEnabled();
      await expect(page.getByRole('alert')).toHaveCount(0);
      for (const [label, value] of Object.entries(typed)) {
        await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
      }
      await expectNoA11yViolations(page, 'a new version is being fetched on registering', {
        exclude: ['[data-remote]'],
      });

      release.letItInstall();
      const notice = page.getByRole('alert').filter({ hasText: 'A new version of the portal is ready' });
      // The new worker installs the new build's files before it takes over: that takes time.
      await expect(notice).toBeVisible({ timeout: NEW_WORKER_MS });
      await expect(page.getByLabel('E-mail')).toHaveValue(typed['E-mail']);
      // The form's fallback ("Invalid email") would blame the address for a file that did not load.
      expect((await messages()).filter((text) => /invalid email|something went wrong/i.test(text))).toEqual([]);
      expect(await page.evaluate(() => location.pathname)).toBe('/auth/register');
    } finally {
      release.undo();
    }
  });

  test('in Arabic, the notices read right to left in Arabic, and the keyboard reaches Reload', async ({
    page,
    request,
    member,
  }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'ar'));
    const messages = await recordMessages(page);
    await openUnderItsWorker(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const release = await releaseNewShell(page, request, { waits: true });
    try {
      // Typing fetches the API layer, a file of the older build gone with its release.
      await page.locator('input[type="email"]').fill(member.email);
      await page.locator('input[type="password"]').first().fill(member.password);
      await page.locator('form button[type="submit"]').click();
      const fetching = page.getByRole('status').filter({ hasText: ARABIC.update.fetching });
      await expect(fetching).toBeVisible();
      expect(await fetching.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
      await expectNoA11yViolations(page, 'a new version is being fetched, in Arabic', { exclude: ['[data-remote]'] });

      release.letItInstall();
      const notice = page.getByRole('alert').filter({ hasText: ARABIC.update.ready });
      // The new worker installs the new build's files before it takes over: that takes time.
      await expect(notice).toBeVisible({ timeout: NEW_WORKER_MS });
      expect(await notice.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
      await expect(page.locator('input[type="email"]')).toHaveValue(member.email);
      await expectNoA11yViolations(page, 'a new version is ready, in Arabic', { exclude: ['[data-remote]'] });
      expect((await messages()).filter((text) => text.includes(ARABIC_GENERIC))).toEqual([]);

      release.serveItsFiles();
      await tabBackTo(page, notice.getByRole('button', { name: ARABIC.update.reload }));
      await page.keyboard.press('Enter');
      // The new shell, in Arabic still, with nothing to tell.
      await expect(page.locator('form button[type="submit"]')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByTestId('update-notice')).toHaveCount(0);
    } finally {
      release.undo();
    }
  });

  test("a first visit whose first worker is already the next release's is told when an action needs it", async ({
    page,
    request,
  }) => {
    // The page registers its worker once its network has been quiet for a while: kept busy here
    // until the release is out, so that the first worker it gets is the next release's.
    await page.addInitScript(() => {
      const busy = setInterval(() => void fetch('/config.json', { cache: 'no-store' }).catch(() => undefined), 500);
      Object.assign(window, { quietNetwork: () => clearInterval(busy) });
    });
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    // What the page fetches of its own accord comes first (the reporter, once the page is quiet):
    // the member's action is what needs a file of the older build.
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance.getEntriesByType('resource').some((entry) => /\/reporter\.[0-9a-f]+\.js$/.test(entry.name)),
        ),
      )
      .toBe(true);
    // Every file of the older build the page has not loaded goes with the release: the page
    // registers its worker with what it loaded at start (a chunk of its own would be gone by now),
    // and the worker it finds is the next release's.
    const release = await releaseNewShell(page, request);
    try {
      expect(await controlled(page), 'a first visit, no worker yet').toBe(false);
      await page.evaluate(() => (window as unknown as { quietNetwork(): void }).quietNetwork());
      await expect.poll(() => controlled(page), { timeout: 20_000 }).toBe(true);
      await expect(page.getByTestId('update-notice')).toHaveCount(0);

      const notice = await chooseFrench(page);
      await expect(notice.getByRole('button', { name: 'Reload' })).toBeFocused();
      await expectNoA11yViolations(page, 'a new version is ready on a first visit', { exclude: ['[data-remote]'] });
    } finally {
      release.undo();
    }
  });

  test("a page of the older build under the release's worker is told when an action needs it", async ({
    page,
    request,
  }) => {
    await openUnderItsWorker(page);
    const own = await servedBuild(page);
    const release = await releaseNewShell(page, request);
    try {
      // The browser finds the release's worker, which takes over.
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      await expect.poll(() => servedBuild(page), { timeout: NEW_WORKER_MS }).not.toBe(own);
      // The suite's pages name the older build: a page loaded now is one of it under the release's
      // worker, as the worker's kept copy is when the network is slower than its time limit.
      await page.reload();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      expect(await controlled(page)).toBe(true);
      expect(await servedBuild(page)).not.toBe(own);
      await expect(page.getByTestId('update-notice')).toHaveCount(0);

      // Its French texts went with its release.
      const notice = await chooseFrench(page);
      await expect(notice.getByRole('button', { name: 'Reload' })).toBeFocused();
      await expectNoA11yViolations(page, 'a new version is ready on a page of the older build', {
        exclude: ['[data-remote]'],
      });
    } finally {
      release.undo();
    }
  });
});
