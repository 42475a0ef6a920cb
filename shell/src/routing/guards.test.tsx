import { screen } from '@testing-library/react';
import { Route, Routes } from '@loyalty/shared/router';
import { sessionStore } from '@loyalty/shared/session';
import { renderWithProviders, TEST_USER } from '@loyalty/shared/testing';
import { GuestGuard } from './guards';

beforeEach(() => sessionStore.setState({ status: 'authenticated', user: TEST_USER, expired: false }));

const renderAt = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/auth/*" element={<GuestGuard>guest page</GuestGuard>} />
      <Route path="/dashboard" element={<p>dashboard</p>} />
    </Routes>,
    { route },
  );

test('a signed-in member who opens a guest page goes to the dashboard', async () => {
  await renderAt('/auth/login');
  expect(await screen.findByText('dashboard')).toBeInTheDocument();
});

test("a signed-in member opens a sign-in alert's link where they read it", async () => {
  await renderAt('/auth/not-me#token=abc');
  expect(await screen.findByText('guest page')).toBeInTheDocument();
});
