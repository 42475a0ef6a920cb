import { Suspense, useEffect, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { landingPagesLoaded, lazyComponent, lazyPage, onLandingPage } from './lazy-page';

function Page() {
  return <h1>Dashboard</h1>;
}

describe('lazyPage', () => {
  afterEach(() => window.history.pushState({}, '', '/'));

  it('starts the download at once for the page the browser is on, then renders it', async () => {
    window.history.pushState({}, '', '/dashboard/');
    const load = jest.fn(() => Promise.resolve({ default: Page }));
    const DashboardPage = lazyPage('/dashboard', load);
    expect(load).toHaveBeenCalledTimes(1);

    render(
      <Suspense fallback="loading">
        <DashboardPage />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('waits for the first render for any other page', () => {
    window.history.pushState({}, '', '/dashboard');
    const load = jest.fn(() => Promise.resolve({ default: Page }));
    lazyPage('/dashboard/transactions', load);
    expect(load).not.toHaveBeenCalled();
  });

  it('takes a test of the path for a layout of many pages', () => {
    window.history.pushState({}, '', '/dashboard/user/account');
    const load = jest.fn(() => Promise.resolve({ default: Page }));
    lazyPage((pathname) => pathname.startsWith('/dashboard'), load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves a failed early download to the first render, which asks again', async () => {
    window.history.pushState({}, '', '/dashboard');
    const load = jest
      .fn<Promise<{ default: typeof Page }>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Page });
    const DashboardPage = lazyPage('/dashboard', load);
    render(
      <Suspense fallback="loading">
        <DashboardPage />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('starts what a page needs only when the member landed on it', () => {
    window.history.pushState({}, '', '/dashboard');
    const start = jest.fn();
    onLandingPage('/dashboard/transactions', start);
    expect(start).not.toHaveBeenCalled();
    onLandingPage('/dashboard', start);
    expect(start).toHaveBeenCalledTimes(1);
  });
});

describe('lazyComponent', () => {
  it('renders a component already loaded at once, without its fallback', async () => {
    const Dashboard = lazyComponent(() => Promise.resolve({ default: Page }));
    await Dashboard.load();
    render(
      <Suspense fallback="loading">
        <Dashboard />
      </Suspense>,
    );
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('keeps an instance that mounted while loading: it is not mounted again once the code is there', async () => {
    let mounts = 0;
    function Counter() {
      const [count, setCount] = useState(0);
      useEffect(() => {
        mounts += 1;
      }, []);
      return <button onClick={() => setCount(count + 1)}>{`clicked ${count}`}</button>;
    }
    const LazyCounter = lazyComponent(() => Promise.resolve({ default: Counter }));
    const { rerender } = render(
      <Suspense fallback="loading">
        <LazyCounter />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'clicked 0' });
    act(() => screen.getByRole('button').click());
    rerender(
      <Suspense fallback="loading">
        <LazyCounter />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'clicked 1' })).toBeInTheDocument();
    expect(mounts).toBe(1);
  });
});

describe('landingPagesLoaded', () => {
  afterEach(() => window.history.pushState({}, '', '/'));

  it('settles once the code of the page the browser is on has arrived, or failed', async () => {
    window.history.pushState({}, '', '/dashboard');
    let arrive: (module: { default: typeof Page }) => void = () => undefined;
    let fail: (error: Error) => void = () => undefined;
    type PageModule = { default: typeof Page };
    lazyPage('/dashboard', () => new Promise<PageModule>((resolve) => (arrive = resolve)));
    lazyPage(
      (pathname) => pathname.startsWith('/dashboard'),
      () => new Promise<PageModule>((_, reject) => (fail = reject)),
    );
    let settled = false;
    const waiting = landingPagesLoaded().then(() => (settled = true));

    arrive({ default: Page });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    fail(new Error('offline'));
    await waiting;
    expect(settled).toBe(true);
  });
});
