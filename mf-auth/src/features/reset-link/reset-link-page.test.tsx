import { screen } from '@testing-library/react';
import { renderAuthRoutes } from '../../testing/render-auth-routes';
import { tokenInFragment } from '../../components/auth-form/link-token';

// Rendering the Chakra system in jsdom is slow on a shared 2-core machine.
jest.setTimeout(30_000);

afterEach(() => sessionStorage.clear());

const TOKEN = 'q3Xf0Zk2bVnP9sLw7YtR4uEo1iAa8cDg6hJmKxNzB5C';

test("the link's token is read from the fragment, and nothing else is taken for one", () => {
  expect(tokenInFragment(`#token=${TOKEN}`)).toBe(TOKEN);
  expect(tokenInFragment('')).toBeNull();
  expect(tokenInFragment('#token=')).toBeNull();
  expect(tokenInFragment('#token=<script>')).toBeNull();
});

test("the link's page goes on to the new password with the token, as a verified code does", async () => {
  await renderAuthRoutes(`/auth/reset-password#token=${TOKEN}`);
  expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
  expect(sessionStorage.getItem('mf-auth.reset-token')).toBe(TOKEN);
});

test('a link without a token starts the journey again', async () => {
  await renderAuthRoutes('/auth/reset-password');
  expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
});
