// Whether an open page of an older shell must be reloaded to go on (decision 068). A new shell's
// worker takes over every open page at once and drops the older build's kept chunks; a page keeps
// running its own build, which is fine while it needs nothing more. Once it needs a file of its
// build that the server no longer has (a lazy page, a dialog, a language's texts), the member is
// told at once that a new version is being fetched, then that it is ready, and reloads when they
// choose: nothing on the page is taken away.
import { useSyncExternalStore } from 'react';
import { isChunkLoadError, tellOfCodeNotLoaded } from '@loyalty/shared/http';
import { buildNamedBy, SHELL_BUILD_MESSAGE } from '../service-worker/shell-build';
import { messageWorker } from './register-service-worker';

export interface UpdateFacts {
  /** The worker in control serves another shell build than the page runs. */
  newShellKnown: boolean;
  /** A script or a style sheet of the page failed to load. */
  loadFailed: boolean;
  /** Whether the browser says it has a network. */
  online: boolean;
  /** After a failure, the browser looks for a new shell (a new worker installs), or found none. */
  search: 'none' | 'looking' | 'in vain';
  /** A failure was handed over to the notice (a form shows no message of its own for it). */
  handedOver: boolean;
}

/**
 * What the notice says: nothing; a new version is being fetched (`fetching`, as soon as a file
 * failed and the browser looks for a new shell); it is ready (`ready`: a load failed and a new
 * shell is known); or, for a failure handed over to it, that none came (`unavailable`) or that the
 * browser is offline (`offline`). A failure alone is otherwise the network's (the remote areas
 * word it); a new shell alone changes nothing for the page, which runs its own build whole.
 */
export type UpdatePhase = 'quiet' | 'fetching' | 'ready' | 'unavailable' | 'offline';

export function updatePhase({ newShellKnown, loadFailed, online, search, handedOver }: UpdateFacts): UpdatePhase {
  if (!loadFailed) return 'quiet';
  if (!online) return handedOver ? 'offline' : 'quiet';
  if (newShellKnown) return 'ready';
  if (search === 'looking') return 'fetching';
  return handedOver && search === 'in vain' ? 'unavailable' : 'quiet';
}

/** Whether the member must reload to go on: a new shell is ready (the areas' failures give way). */
export function updateNeeded(facts: UpdateFacts): boolean {
  return updatePhase(facts) === 'ready';
}

/** Whether `event` (seen on its way down to its element) is a script's or a style sheet's. */
export function isFileEvent(event: Event): boolean {
  const { target } = event;
  if (typeof HTMLScriptElement !== 'undefined' && target instanceof HTMLScriptElement) return true;
  return typeof HTMLLinkElement !== 'undefined' && target instanceof HTMLLinkElement && target.rel === 'stylesheet';
}

/** The parts of `navigator.serviceWorker` this module uses (a fake one in tests). */
export type WorkerContainer = Pick<ServiceWorkerContainer, 'controller' | 'addEventListener' | 'getRegistration'>;

/** What this module learns from the page itself. */
export interface PageSide {
  /** Whether the browser says it has a network. */
  online(): boolean;
  /** The shell build the page runs (its `main.js?<build hash>`); none where it names none. */
  build: string | undefined;
  /** Which shell build `worker` serves; never settles when the worker cannot say. */
  askBuild(worker: ServiceWorker): Promise<string | undefined>;
}

/** Asks `worker` which shell build it precached; a worker built before it could say never answers. */
export async function askShellBuild(worker: ServiceWorker): Promise<string | undefined> {
  const build = await messageWorker(worker, { type: SHELL_BUILD_MESSAGE });
  return typeof build === 'string' ? build : undefined;
}

export interface ShellUpdate {
  subscribe(listener: () => void): () => void;
  facts(): UpdateFacts;
  /** A load failed: told at once when a new shell is known, else while the browser looks for one. */
  noteFailedLoad(): void;
  /** A script or style sheet loaded: a failure no new shell explained was the network's, and over. */
  noteLoaded(): void;
  /** A form hands over a failed load's message: whether the notice takes it (a worker can look). */
  handOver(): boolean;
  /** The browser went online or offline. */
  noteOnline(): void;
}

const NOTHING_TOLD: UpdateFacts = {
  newShellKnown: false,
  loadFailed: false,
  online: true,
  search: 'none',
  handedOver: false,
};

/**
 * Whether the worker the browser found after `registration.update()` comes to take over: false at
 * once when there is none, or when it fails to install (its files could not be fetched).
 */
function newWorkerComing(registration: ServiceWorkerRegistration | undefined): Promise<boolean> {
  const incoming = registration?.installing ?? registration?.waiting;
  if (!incoming) return Promise.resolve(false);
  return new Promise((resolve) => {
    incoming.addEventListener('statechange', () => {
      if (incoming.state === 'redundant' || incoming.state === 'activated') resolve(incoming.state === 'activated');
    });
  });
}

/**
 * Follows `container` from now on. Each worker that takes over the page is asked which shell build
 * it serves: another than the page's is a new shell, whether it replaced a worker or was the page's
 * first (a first visit whose worker installed after a release). So is the worker in control at
 * load, once the browser finds no newer one: the page may be its kept copy of an older build, or
 * fetched from the network, newer than a worker not updated yet (whose successor then answers).
 * A failure with no newer shell known yet asks the browser to look for one (the page may have been
 * open since before the release, with no navigation to make the browser check), and the member is
 * told that a new version is being fetched until the new worker takes over (then it is ready) or
 * none comes. One check at a time.
 */
export function followShellUpdates(container: WorkerContainer, page: PageSide): ShellUpdate {
  const listeners = new Set<() => void>();
  let controlled = container.controller !== null;
  let current: UpdateFacts = { ...NOTHING_TOLD, online: page.online() };
  let checking = false;
  /** Which takeover the last question was about: an answer about an earlier one is stale. */
  let takeovers = 0;

  const write = (change: Partial<UpdateFacts>) => {
    const next = { ...current, ...change, online: page.online() };
    const same = (Object.keys(next) as Array<keyof UpdateFacts>).every((key) => next[key] === current[key]);
    if (same) return;
    current = next;
    for (const listener of listeners) listener();
  };
  /** The search ends with what a takeover told, or with nothing. */
  const searched = () => (current.search === 'looking' ? 'in vain' : current.search);
  /** Asks the browser for a newer worker than the one in control: whether one comes to take over. */
  const lookForNewWorker = () =>
    container
      .getRegistration()
      .then(async (registration) => {
        await registration?.update();
        return newWorkerComing(registration);
      })
      .catch(() => false);

  container.addEventListener('controllerchange', () => {
    // Until the worker answers (one built before it could never does), a worker that replaced
    // another is taken for a new shell, and a first visit's first one for the page's own.
    write({ newShellKnown: controlled });
    controlled = true;
    const worker = container.controller;
    const { build } = page;
    if (!worker || !build) return;
    const takeover = (takeovers += 1);
    void page.askBuild(worker).then(
      (served) => {
        if (served && takeover === takeovers) write({ newShellKnown: served !== build, search: searched() });
      },
      () => undefined,
    );
  });

  // The worker in control at load: one that serves another build is a newer one only when the
  // browser has none newer still (the page may be newer than a worker not updated yet).
  const atLoad = container.controller;
  if (atLoad && page.build) {
    const { build } = page;
    void page.askBuild(atLoad).then(
      async (served) => {
        if (!served || served === build || takeovers > 0) return;
        if (!(await lookForNewWorker()) && takeovers === 0) write({ newShellKnown: true });
      },
      () => undefined,
    );
  }

  const update: ShellUpdate = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    facts: () => current,
    noteOnline: () => write({}),
    noteFailedLoad() {
      write({ loadFailed: true });
      if (current.newShellKnown || checking || !controlled) return;
      checking = true;
      write({ search: 'looking' });
      void lookForNewWorker().then((coming) => {
        checking = false;
        // A worker that comes takes over the page, and its answer ends the search.
        if (!coming) write({ search: searched() });
      });
    },
    noteLoaded() {
      if (current.loadFailed && !current.newShellKnown && current.search !== 'looking') {
        write({ loadFailed: false, search: 'none', handedOver: false });
      }
    },
    handOver() {
      if (!controlled) return false;
      write({ handedOver: true });
      update.noteFailedLoad();
      return true;
    },
  };
  return update;
}

let shellUpdate: ShellUpdate | undefined;

/**
 * Starts following the page's worker and its failed loads: called once at start-up, before any
 * lazy file is asked for. Without a worker (development, old browsers) nothing is ever told. Gives
 * back what stops it (a test's page ends).
 */
export function watchShellUpdates(): () => void {
  if (shellUpdate || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const update = followShellUpdates(navigator.serviceWorker, {
    online: () => navigator.onLine,
    build: buildNamedBy(
      [...document.scripts].map((script) => script.src),
      window.location.href,
    ),
    askBuild: askShellBuild,
  });
  shellUpdate = update;
  const handOver = tellOfCodeNotLoaded(update.handOver);
  // Loads do not bubble; seen on their way down instead, whoever asked for the file.
  const failed = (event: Event) => isFileEvent(event) && update.noteFailedLoad();
  const loaded = (event: Event) => isFileEvent(event) && update.noteLoaded();
  const network = () => update.noteOnline();
  window.addEventListener('error', failed, true);
  window.addEventListener('load', loaded, true);
  window.addEventListener('online', network);
  window.addEventListener('offline', network);
  return () => {
    handOver();
    window.removeEventListener('error', failed, true);
    window.removeEventListener('load', loaded, true);
    window.removeEventListener('online', network);
    window.removeEventListener('offline', network);
    shellUpdate = undefined;
  };
}

const noSubscription = () => () => undefined;

/** What the notice says over this page's facts (updatePhase). */
export function useUpdatePhase(): UpdatePhase {
  const facts = useSyncExternalStore(
    shellUpdate?.subscribe ?? noSubscription,
    shellUpdate?.facts ?? (() => NOTHING_TOLD),
    () => NOTHING_TOLD,
  );
  return updatePhase(facts);
}

/** Whether the member must reload to go on (updateNeeded over this page's facts). */
export function useUpdateNeeded(): boolean {
  return useUpdatePhase() === 'ready';
}

/** For a boundary that caught `error`: a chunk that failed counts as a failed load. */
export function noteCaughtError(error: unknown): void {
  if (isChunkLoadError(error)) shellUpdate?.noteFailedLoad();
}
