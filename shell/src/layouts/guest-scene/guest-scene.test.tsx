import { screen, within } from '@testing-library/react';
import { registerNamespace } from '@loyalty/shared/i18n';
import { Route, Routes } from '@loyalty/shared/router';
import { renderWithProviders } from '@loyalty/shared/testing';
import { AuthLayout } from '../auth-layout';

registerNamespace('shell', (language) => import(`../../locales/${language}.json`));

// A guest page's form as mf-auth draws one: a heading, two fields and a button.
function GuestForm() {
  return (
    <form aria-label="Sign in">
      <h1>Sign in</h1>
      <label>
        Email <input type="email" />
      </label>
      <label>
        Password <input type="password" />
      </label>
      <button type="submit">Sign in</button>
    </form>
  );
}

const scene = () => document.querySelector('main .guest-scene') as HTMLElement;

async function renderGuestPage() {
  return renderWithProviders(
    <Routes>
      <Route element={<AuthLayout />}>
        <Route path="/auth/login" element={<GuestForm />} />
      </Route>
    </Routes>,
    { route: '/auth/login', namespaces: ['shell'] },
  );
}

describe('the guest layout’s picture', () => {
  it('is drawn beside the form as a decoration assistive technology never meets', async () => {
    await renderGuestPage();
    expect(scene()).toHaveAttribute('aria-hidden', 'true');
    const picture = scene().querySelector('img');
    expect(picture).not.toBeNull();
    expect(picture).toHaveAttribute('alt', '');
    expect(picture).toHaveAttribute('src', '/guest-scene.svg');
    // Sized before it arrives, and never in the way of what the page needs first.
    expect(picture).toHaveAttribute('width', '800');
    expect(picture).toHaveAttribute('height', '1000');
    expect(picture).toHaveAttribute('loading', 'lazy');
    expect(picture).toHaveAttribute('fetchpriority', 'low');
    // Not an image, nor anything else, to a screen reader; the page's only images are none.
    expect(screen.queryAllByRole('img')).toEqual([]);
    expect(screen.queryAllByRole('presentation')).toEqual([]);
  });

  it('leaves the form’s roles as they were, inside the page’s main region', async () => {
    await renderGuestPage();
    const main = screen.getByRole('main');
    const form = within(main).getByRole('form', { name: 'Sign in' });
    expect(within(form).getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(within(form).getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    // The picture is in main after the form's column: first in reading and tab order comes the form.
    expect(main.firstElementChild).toContainElement(form);
    expect(main.lastElementChild).toBe(scene());
  });
});
