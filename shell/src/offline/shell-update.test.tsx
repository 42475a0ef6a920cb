import { MessageChannel as NodeMessageChannel } from 'node:worker_threads';
import { act, screen } from '@testing-library/react';
import { registerNamespace } from '@loyalty/shared/i18n';
import { renderWithProviders } from '@loyalty/shared/testing';
import { SHELL_BUILD_MESSAGE } from '../service-worker/shell-build';
import { CodeNotLoadedError, toldElsewhere } from '@loyalty/shared/http';
import {
  followShellUpdates,
  updateNeeded,
  updatePhase,
  watchShellUpdates,
  type PageSide,
  type UpdateFacts,
  type WorkerContainer,
} from './shell-update';
import { UpdateNotice } from './update-notice';

registerNamespace('shell', (language) => import(`../locales/${language}.json`));

/** A worker that serves `build`, or one built before a worker could say which (no build). */
type FakeWorker = ServiceWorker & { build?: string };

/** A worker the browser found on a check, installing: it activates, or fails to install. */
function incomingWorker() {
  const worker = Object.assign(new EventTarget(), { state: 'installing' as ServiceWorkerState });
  const become = (state: ServiceWorkerState) => {
    worker.state = state;
    worker.dispatchEvent(new Event('statechange'));
  };
  return { worker: worker as unknown as ServiceWorker, become };
}

/**
 * A page's `navigator.serviceWorker`: controlled or not, what a check for a new worker did (found
 * `incoming`, or nothing), and a worker taking over the page.
 */
function fakeContainer(controlled: boolean, incoming?: ServiceWorker) {
  const events = new EventTarget();
  const registration = { installing: null as ServiceWorker | null, waiting: null, update: jest.fn() };
  const update = registration.update.mockImplementation(() => {
    registration.installing = incoming ?? null;
    return Promise.resolve();
  });
  const container = {
    controller: controlled ? ({} as FakeWorker) : null,
    addEventListener: events.addEventListener.bind(events),
    getRegistration: () => Promise.resolve(registration as unknown as ServiceWorkerRegistration),
  } as unknown as WorkerContainer & { controller: FakeWorker | null };
  const takeOver = (build?: string) => {
    // As sw.ts answers a page's question, on the port it sent; a worker with no build never does.
    const postMessage = (message: { type?: unknown }, ports: MessagePort[]) => {
      if (build === undefined || message.type !== SHELL_BUILD_MESSAGE) return;
      ports[0]?.postMessage(build);
      ports[0]?.close();
    };
    container.controller = { build, postMessage } as unknown as FakeWorker;
    events.dispatchEvent(new Event('controllerchange'));
  };
  return { container, update, takeOver };
}

/** A page that runs `build`, online unless told; its workers answer with their own build. */
function pageSide(build: string | undefined, online = () => true): PageSide {
  return {
    online,
    build,
    askBuild: (worker) => {
      const served = (worker as FakeWorker).build;
      return served === undefined ? new Promise(() => undefined) : Promise.resolve(served);
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const FAILED: UpdateFacts = { newShellKnown: false, loadFailed: true, online: true, search: 'none', handedOver: false };

describe('updatePhase', () => {
  it('ready only when a load failed, a new shell is known and the browser is online', () => {
    expect(updateNeeded({ ...FAILED, newShellKnown: true })).toBe(true);
    expect(updateNeeded({ ...FAILED, newShellKnown: true, loadFailed: false })).toBe(false);
    expect(updateNeeded(FAILED)).toBe(false);
    expect(updateNeeded({ ...FAILED, newShellKnown: true, online: false })).toBe(false);
  });

  it.each<[Partial<UpdateFacts>, ReturnType<typeof updatePhase>]>([
    [{ loadFailed: false, search: 'looking' }, 'quiet'],
    [{ search: 'looking' }, 'fetching'],
    [{ search: 'looking', newShellKnown: true }, 'ready'],
    // A failure no new shell explains is the network's: the areas word it, unless handed over.
    [{ search: 'in vain' }, 'quiet'],
    [{ search: 'in vain', handedOver: true }, 'unavailable'],
    [{ search: 'looking', online: false }, 'quiet'],
    [{ search: 'looking', online: false, handedOver: true }, 'offline'],
  ])('%j is %s', (facts, phase) => {
    expect(updatePhase({ ...FAILED, ...facts })).toBe(phase);
  });
});

describe('followShellUpdates', () => {
  it('keeps quiet when a new shell takes over and nothing fails, and tells once a load fails', () => {
    const { container, takeOver } = fakeContainer(true);
    const followed = followShellUpdates(container, pageSide(undefined));
    takeOver();
    expect(updateNeeded(followed.facts())).toBe(false);
    followed.noteFailedLoad();
    expect(updateNeeded(followed.facts())).toBe(true);
  });

  it('after a failure with no newer shell known, asks the browser to look for one, once at a time', async () => {
    const { container, update, takeOver } = fakeContainer(true);
    const followed = followShellUpdates(container, pageSide(undefined));
    followed.noteFailedLoad();
    followed.noteFailedLoad();
    await settle();
    expect(update).toHaveBeenCalledTimes(1);
    expect(updateNeeded(followed.facts())).toBe(false);
    takeOver();
    expect(updateNeeded(followed.facts())).toBe(true);
  });

  it('says a new version is being fetched from the failure until the new worker takes over', async () => {
    const { worker, become } = incomingWorker();
    const { container, takeOver } = fakeContainer(true, worker);
    const followed = followShellUpdates(container, pageSide('build-1'));
    followed.noteFailedLoad();
    expect(updatePhase(followed.facts())).toBe('fetching');
    await settle();
    become('installed');
    expect(updatePhase(followed.facts())).toBe('fetching');
    become('activated');
    takeOver('build-2');
    await settle();
    expect(updatePhase(followed.facts())).toBe('ready');
  });

  it('says so when no new version comes for a failure a form handed over, and forgets it once a file loads', async () => {
    const { worker, become } = incomingWorker();
    const { container } = fakeContainer(true, worker);
    const followed = followShellUpdates(container, pageSide('build-1'));
    expect(followed.handOver()).toBe(true);
    expect(updatePhase(followed.facts())).toBe('fetching');
    await settle();
    // Its files could not be fetched.
    become('redundant');
    await settle();
    expect(updatePhase(followed.facts())).toBe('unavailable');
    followed.noteLoaded();
    expect(updatePhase(followed.facts())).toBe('quiet');
  });

  it('takes no failure over from a page no worker controls (development, a first visit)', () => {
    const { container, update } = fakeContainer(false);
    const followed = followShellUpdates(container, pageSide('build-1'));
    expect(followed.handOver()).toBe(false);
    expect(updatePhase(followed.facts())).toBe('quiet');
    expect(update).not.toHaveBeenCalled();
  });

  it("does not take a first visit's own worker for a new shell", async () => {
    const { container, update, takeOver } = fakeContainer(false);
    const followed = followShellUpdates(container, pageSide(undefined));
    takeOver();
    followed.noteFailedLoad();
    await settle();
    expect(updateNeeded(followed.facts())).toBe(false);
    // Controlled from then on: each failure asks for a newer worker, the next one is a new shell.
    expect(update).toHaveBeenCalledTimes(1);
    takeOver();
    expect(updateNeeded(followed.facts())).toBe(true);
  });

  it("tells a first visit whose first worker is already the next release's, once a load fails", async () => {
    const { container, takeOver } = fakeContainer(false);
    const followed = followShellUpdates(container, pageSide('build-1'));
    takeOver('build-2');
    await settle();
    expect(followed.facts().newShellKnown).toBe(true);
    followed.noteFailedLoad();
    expect(updateNeeded(followed.facts())).toBe(true);
  });

  it("keeps quiet when a first visit's first worker serves the page's own build", async () => {
    const { container, takeOver } = fakeContainer(false);
    const followed = followShellUpdates(container, pageSide('build-1'));
    takeOver('build-1');
    await settle();
    followed.noteFailedLoad();
    expect(updateNeeded(followed.facts())).toBe(false);
  });

  it('keeps quiet when a worker of the same build replaces another', async () => {
    const { container, takeOver } = fakeContainer(true);
    const followed = followShellUpdates(container, pageSide('build-1'));
    takeOver('build-1');
    await settle();
    followed.noteFailedLoad();
    expect(updateNeeded(followed.facts())).toBe(false);
  });

  it('takes a worker that cannot say its build for a new shell only when it replaced another', async () => {
    const first = fakeContainer(false);
    const firstVisit = followShellUpdates(first.container, pageSide('build-1'));
    first.takeOver();
    await settle();
    expect(firstVisit.facts().newShellKnown).toBe(false);
    first.takeOver();
    await settle();
    expect(firstVisit.facts().newShellKnown).toBe(true);
  });

  it('goes by the latest worker to take over when answers cross', async () => {
    const { container, takeOver } = fakeContainer(true);
    let answerFirst = (_build: string) => undefined as void;
    const page = pageSide('build-1');
    const ask = page.askBuild;
    page.askBuild = (worker) =>
      (worker as FakeWorker).build === 'build-2' ? new Promise((resolve) => (answerFirst = resolve)) : ask(worker);
    const followed = followShellUpdates(container, page);
    takeOver('build-2');
    takeOver('build-1');
    await settle();
    answerFirst('build-2');
    await settle();
    expect(followed.facts().newShellKnown).toBe(false);
  });

  it('tells a page of an older build than the worker in control at load, once a load fails', async () => {
    const { container, update } = fakeContainer(true);
    // A page the worker answered with its kept copy of an older build.
    container.controller = { build: 'build-2' } as FakeWorker;
    const followed = followShellUpdates(container, pageSide('build-1'));
    await settle();
    // No newer worker than the one in control: its build is the newest, the page's the older.
    expect(update).toHaveBeenCalledTimes(1);
    expect(followed.facts().newShellKnown).toBe(true);
    expect(updatePhase(followed.facts())).toBe('quiet');
    followed.noteFailedLoad();
    expect(updatePhase(followed.facts())).toBe('ready');
  });

  it('does not take a page newer than the worker in control at load for an older one', async () => {
    const { worker, become } = incomingWorker();
    const { container, takeOver } = fakeContainer(true, worker);
    // A page fetched from the network after a release, under a worker the browser has not updated yet.
    container.controller = { build: 'build-1' } as FakeWorker;
    const followed = followShellUpdates(container, pageSide('build-2'));
    await settle();
    expect(followed.facts().newShellKnown).toBe(false);
    become('activated');
    takeOver('build-2');
    await settle();
    followed.noteFailedLoad();
    expect(updateNeeded(followed.facts())).toBe(false);
  });

  it("asks nothing more of a worker in control at load that serves the page's own build", async () => {
    const { container, update } = fakeContainer(true);
    container.controller = { build: 'build-1' } as FakeWorker;
    const followed = followShellUpdates(container, pageSide('build-1'));
    await settle();
    expect(update).not.toHaveBeenCalled();
    expect(followed.facts().newShellKnown).toBe(false);
  });

  it('offline, leaves it to the offline notice, but for a failure handed over', () => {
    let online = true;
    const { container, takeOver } = fakeContainer(true);
    const followed = followShellUpdates(
      container,
      pageSide(undefined, () => online),
    );
    takeOver();
    online = false;
    followed.noteFailedLoad();
    expect(updatePhase(followed.facts())).toBe('quiet');
    // A form's failure handed over: the notice says the browser is offline.
    expect(followed.handOver()).toBe(true);
    expect(updatePhase(followed.facts())).toBe('offline');
    online = true;
    followed.noteOnline();
    expect(updateNeeded(followed.facts())).toBe(true);
  });
});

describe('UpdateNotice', () => {
  let stop = () => undefined as void;
  afterEach(() => stop());

  it('appears when a script fails under a new shell, as an alert whose Reload takes the focus', async () => {
    const { container, takeOver } = fakeContainer(true);
    Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
    stop = watchShellUpdates();
    await renderWithProviders(<UpdateNotice />, { namespaces: ['shell'] });
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => takeOver());
    expect(screen.queryByRole('alert')).toBeNull();
    const chunk = document.createElement('script');
    document.head.append(chunk);
    act(() => void chunk.dispatchEvent(new Event('error')));

    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('A new version of the portal is ready. Reload to continue.');
    expect(screen.getByRole('button', { name: 'Reload' })).toHaveFocus();
  });

  it('tells a first visit of the build its page names, once its first worker says it serves another', async () => {
    // jsdom has no MessageChannel; Node's carries the question and the answer as a browser's does.
    Object.defineProperty(globalThis, 'MessageChannel', { value: NodeMessageChannel, configurable: true });
    const main = document.createElement('script');
    main.src = '/main.js?build-1';
    document.head.append(main);
    try {
      const { container, takeOver } = fakeContainer(false);
      Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
      stop = watchShellUpdates();
      await renderWithProviders(<UpdateNotice />, { namespaces: ['shell'] });
      act(() => takeOver('build-2'));
      const chunk = document.createElement('script');
      document.head.append(chunk);
      act(() => void chunk.dispatchEvent(new Event('error')));

      expect(await screen.findByRole('alert')).toHaveTextContent('A new version of the portal is ready.');
    } finally {
      main.remove();
    }
  });

  it('says at once, politely, that a new version is being fetched, and the alert takes over when it is ready', async () => {
    const { worker } = incomingWorker();
    const { container, takeOver } = fakeContainer(true, worker);
    Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
    stop = watchShellUpdates();
    await renderWithProviders(<UpdateNotice />, { namespaces: ['shell'] });
    const chunk = document.createElement('script');
    document.head.append(chunk);
    act(() => void chunk.dispatchEvent(new Event('error')));

    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('A new version of the portal is being fetched. What you entered is kept.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();

    act(() => takeOver());
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('A new version of the portal is ready.');
  });

  it('takes over the failure a form hands it, and says plainly when no new version comes', async () => {
    const { worker, become } = incomingWorker();
    const { container } = fakeContainer(true, worker);
    Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
    stop = watchShellUpdates();
    await renderWithProviders(<UpdateNotice />, { namespaces: ['shell', 'common'] });
    act(() => void expect(toldElsewhere(new CodeNotLoadedError())).toBe(true));
    expect(screen.getByRole('status')).toHaveTextContent('A new version of the portal is being fetched.');

    await act(async () => {
      await settle();
      become('redundant');
      await settle();
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This part of the page could not be loaded.');
    expect(alert).toHaveTextContent('Check your connection and try again.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
    // A chunk an action imported is a file of the page's build too; any other error is the form's.
    const chunkError = Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' });
    expect(toldElsewhere(chunkError)).toBe(true);
    expect(toldElsewhere(new Error('Database on fire'))).toBe(false);
  });

  it('leaves the focus in a field the member is typing in', async () => {
    const { container, takeOver } = fakeContainer(true);
    Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
    stop = watchShellUpdates();
    await renderWithProviders(
      <>
        <input aria-label="Booking ID" />
        <UpdateNotice />
      </>,
      { namespaces: ['shell'] },
    );
    const field = screen.getByRole('textbox', { name: 'Booking ID' });
    field.focus();
    act(() => takeOver());
    const chunk = document.createElement('script');
    document.head.append(chunk);
    act(() => void chunk.dispatchEvent(new Event('error')));

    expect(screen.getByRole('alert')).toHaveTextContent('A new version of the portal is ready.');
    expect(field).toHaveFocus();
  });
});
