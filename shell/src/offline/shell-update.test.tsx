import { act, screen } from '@testing-library/react';
import { registerNamespace } from '@loyalty/shared/i18n';
import { renderWithProviders } from '@loyalty/shared/testing';
import { followShellUpdates, updateNeeded, watchShellUpdates, type WorkerContainer } from './shell-update';
import { UpdateNotice } from './update-notice';

registerNamespace('shell', (language) => import(`../locales/${language}.json`));

/** A page's `navigator.serviceWorker`: controlled or not, and what a check for a new worker did. */
function fakeContainer(controlled: boolean) {
  const events = new EventTarget();
  const update = jest.fn(() => Promise.resolve());
  const container = {
    controller: controlled ? ({} as ServiceWorker) : null,
    addEventListener: events.addEventListener.bind(events),
    getRegistration: () => Promise.resolve({ update } as unknown as ServiceWorkerRegistration),
  } as unknown as WorkerContainer;
  const takeOver = () => events.dispatchEvent(new Event('controllerchange'));
  return { container, update, takeOver };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('updateNeeded', () => {
  it('only when a load failed, a new shell is known and the browser is online', () => {
    expect(updateNeeded({ newShellKnown: true, loadFailed: true, online: true })).toBe(true);
    expect(updateNeeded({ newShellKnown: true, loadFailed: false, online: true })).toBe(false);
    expect(updateNeeded({ newShellKnown: false, loadFailed: true, online: true })).toBe(false);
    expect(updateNeeded({ newShellKnown: true, loadFailed: true, online: false })).toBe(false);
  });
});

describe('followShellUpdates', () => {
  it('keeps quiet when a new shell takes over and nothing fails, and tells once a load fails', () => {
    const { container, takeOver } = fakeContainer(true);
    const followed = followShellUpdates(container, () => true);
    takeOver();
    expect(updateNeeded(followed.facts())).toBe(false);
    followed.noteFailedLoad();
    expect(updateNeeded(followed.facts())).toBe(true);
  });

  it('after a failure with no newer shell known, asks the browser to look for one, once at a time', async () => {
    const { container, update, takeOver } = fakeContainer(true);
    const followed = followShellUpdates(container, () => true);
    followed.noteFailedLoad();
    followed.noteFailedLoad();
    await settle();
    expect(update).toHaveBeenCalledTimes(1);
    expect(updateNeeded(followed.facts())).toBe(false);
    takeOver();
    expect(updateNeeded(followed.facts())).toBe(true);
  });

  it("does not take a first visit's own worker for a new shell", async () => {
    const { container, update, takeOver } = fakeContainer(false);
    const followed = followShellUpdates(container, () => true);
    takeOver();
    followed.noteFailedLoad();
    await settle();
    expect(updateNeeded(followed.facts())).toBe(false);
    // Controlled from then on: each failure asks for a newer worker, the next one is a new shell.
    expect(update).toHaveBeenCalledTimes(1);
    takeOver();
    expect(updateNeeded(followed.facts())).toBe(true);
  });

  it('offline, leaves it to the offline notice', () => {
    let online = true;
    const { container, takeOver } = fakeContainer(true);
    const followed = followShellUpdates(container, () => online);
    takeOver();
    online = false;
    followed.noteFailedLoad();
    expect(updateNeeded(followed.facts())).toBe(false);
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
