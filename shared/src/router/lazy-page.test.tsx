import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { lazyPage, onLandingPage } from './lazy-page';

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
