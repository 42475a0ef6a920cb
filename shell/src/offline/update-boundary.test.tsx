import { act, screen } from '@testing-library/react';
import { registerNamespace } from '@loyalty/shared/i18n';
import { renderWithProviders } from '@loyalty/shared/testing';
import { watchShellUpdates, type WorkerContainer } from './shell-update';
import { UpdateBoundary } from './update-boundary';
import { UpdateNotice } from './update-notice';

registerNamespace('shell', (language) => import(`../locales/${language}.json`));

function chunkLoadError(): Error {
  const error = new Error('Loading chunk 412 failed.');
  error.name = 'ChunkLoadError';
  return error;
}

function Throws({ error }: { error: Error }): never {
  throw error;
}

describe('UpdateBoundary', () => {
  let stop = () => undefined as void;
  const events = new EventTarget();
  beforeEach(() => {
    const container = {
      controller: {} as ServiceWorker,
      addEventListener: events.addEventListener.bind(events),
      getRegistration: () => Promise.resolve(undefined),
    } as unknown as WorkerContainer;
    Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
    stop = watchShellUpdates();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    stop();
    jest.restoreAllMocks();
  });

  it('under a new shell, a page whose chunk failed gives way to the update notice, the frame kept', async () => {
    act(() => void events.dispatchEvent(new Event('controllerchange')));
    await renderWithProviders(
      <>
        <UpdateNotice />
        <UpdateBoundary>
          <Throws error={chunkLoadError()} />
        </UpdateBoundary>
      </>,
      { namespaces: ['shell'] },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('A new version of the portal is ready.');
    expect(screen.queryByText('This part of the page could not be loaded.')).toBeNull();
  });

  it('with no new shell known, says the page could not be loaded, with Retry', async () => {
    await renderWithProviders(
      <UpdateBoundary>
        <Throws error={chunkLoadError()} />
      </UpdateBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This part of the page could not be loaded.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('passes any other error on', async () => {
    await expect(
      renderWithProviders(
        <UpdateBoundary>
          <Throws error={new TypeError('a bug')} />
        </UpdateBoundary>,
      ),
    ).rejects.toThrow('a bug');
  });
});
