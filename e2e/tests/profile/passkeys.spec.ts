import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/axe';
import { logOut } from '../support/frame-actions';
import { openSignedIn } from '../support/session';
import { tabTo } from '../accessibility/keyboard-support';

/**
 * Chromium's virtual authenticator (CDP): a platform authenticator holding discoverable keys, with
 * user verification that always succeeds, as a phone's or laptop's fingerprint reader would.
 */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    /** Off: the authenticator waits for a touch that never comes, as a member who has not chosen yet. */
    presence: (enabled: boolean) => cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled }),
  };
}

/** Confirms a change in the dialog that asks for the password (decision 067), by the keyboard. */
async function confirmWithPassword(page: Page, title: string, password: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  // The dialog opens on its password field.
  await expect(dialog.getByLabel(/Your current password|كلمة مرورك الحالية/)).toBeFocused();
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

test('a member adds a passkey, signs in with it instead of the password, and removes it', async ({ page, member }) => {
  const authenticator = await addVirtualAuthenticator(page);
  await openSignedIn(page, member, '/dashboard/user/account');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();

  // Adding one asks for the password first; a wrong one is refused and stays typed.
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you to add a passkey' });
  const password = dialog.getByLabel(/Your current password/);
  await password.fill('Wrong@1234');
  await dialog.getByRole('button', { name: 'Confirm and add a passkey' }).click();
  await expect(dialog.getByText('This password is not right. Check it and try again.')).toBeVisible();
  await expect(password).toHaveValue('Wrong@1234');
  await expect(password).toBeFocused();
  await expectNoA11yViolations(page, 'confirming a passkey, wrong password', { include: ['[role="dialog"]'] });
  expect(await authenticator.credentials()).toHaveLength(0);
  await password.fill(member.password);
  await dialog.getByRole('button', { name: 'Confirm and add a passkey' }).click();
  await expect(section.getByRole('status')).toHaveText('Passkey added. You can now sign in with it.');
  const passkey = section.getByRole('listitem');
  await expect(passkey).toHaveCount(1);
  // Named by its device and the day.
  await expect(passkey).toContainText(/Chrome on Linux, \d{4}-\d{2}-\d{2}/);
  await expect(passkey).toContainText('not used yet');
  expect(await authenticator.credentials()).toHaveLength(1);
  await expectNoA11yViolations(page, 'account page with a passkey');

  // The e-mail field offers the passkey among its suggestions once the member is in it; with no
  // touch yet, that request waits while the member uses the button instead.
  await authenticator.presence(false);
  await logOut(page);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveAttribute('autocomplete', 'username webauthn');
  await page.getByLabel('E-mail').focus();
  await expectNoA11yViolations(page, 'sign-in page with the passkey button');
  await authenticator.presence(true);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByTestId('top-bar-full-name')).toHaveText(member.fullName);

  // Signed out again, the e-mail field offers the passkey among its suggestions (conditional
  // mediation): the authenticator answers that waiting request as a member picking it would.
  await logOut(page);
  const autofilled = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/passkeys/sign-in') && response.status() === 200,
  );
  await page.getByLabel('E-mail').focus();
  await autofilled;
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByTestId('top-bar-full-name')).toHaveText(member.fullName);

  await page.goto('/dashboard/user/account');
  await expect(passkey).toContainText('last used');
  await passkey.getByRole('button', { name: /^Remove / }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove this passkey?' });
  await expect(confirm).toBeVisible();
  await expectNoA11yViolations(page, 'confirming the removal', { include: ['[role="alertdialog"]'] });
  await confirm.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(section.getByRole('status')).toContainText('was removed.');
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await expectNoA11yViolations(page, 'account page after the removal');
});

// Keyboard only, in Arabic on a phone: from password to passkey only and back. With password
// sign-in off the password is refused with a message that names the way in; the passkey signs in.
test('keyboard only, in Arabic at 375 px: passkey only, then the password back', async ({ page, member }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const authenticator = await addVirtualAuthenticator(page);
  await openSignedIn(page, member, '/dashboard/user/account', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const section = page.getByRole('region', { name: 'مفاتيح المرور' });
  await expect(section.getByText('ليس لديك مفاتيح مرور بعد.')).toBeVisible();

  await tabTo(page, section.getByRole('button', { name: 'إضافة مفتاح مرور' }), { limit: 60 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'أكّد هويتك لإضافة مفتاح مرور' })).toBeVisible();
  await expectNoA11yViolations(page, 'confirming a passkey, Arabic, 375 px', { include: ['[role="dialog"]'] });
  await confirmWithPassword(page, 'أكّد هويتك لإضافة مفتاح مرور', member.password);
  await expect(section.getByRole('status')).toHaveText('أُضيف مفتاح المرور. يمكنك الآن تسجيل الدخول به.');
  const passwordSignIn = section.getByRole('checkbox', { name: /تسجيل الدخول بكلمة المرور/ });
  await expect(passwordSignIn).toBeChecked();
  await tabTo(page, passwordSignIn);
  await page.keyboard.press('Space');
  await confirmWithPassword(page, 'أكّد هويتك لإيقاف تسجيل الدخول بكلمة المرور', member.password);
  await expect(passwordSignIn).not.toBeChecked();
  await expect(section.getByText('تسجيل الدخول بكلمة المرور متوقف: تسجّل دخولك مفاتيح المرور وحدها.')).toBeVisible();
  await expectNoA11yViolations(page, 'passkey only, Arabic, 375 px');

  // Signed out by the keyboard: the account menu, then its last item. No touch meanwhile, so the
  // sign-in page's waiting passkey request (autofill) does not sign the member straight back in.
  await authenticator.presence(false);
  await tabTo(page, page.getByRole('button', { name: /^قائمة حساب / }), { limit: 60, backwards: true });
  await page.keyboard.press('Enter');
  const logout = page.getByRole('menuitem', { name: 'تسجيل الخروج' });
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('End');
  await expect(logout).toHaveAttribute('data-highlighted', '');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible();

  // The password, typed and sent from the keyboard, is refused with the way in.
  await tabTo(page, page.getByLabel('البريد الإلكتروني'));
  await page.keyboard.type(member.email);
  await tabTo(page, page.getByLabel('كلمة المرور', { exact: true }));
  await page.keyboard.type(member.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText(
    'تسجيل الدخول بكلمة المرور متوقف لهذا الحساب. سجّل الدخول بمفتاح المرور.',
  );
  await expectNoA11yViolations(page, 'password refused, Arabic, 375 px');

  await authenticator.presence(true);
  await tabTo(page, page.getByRole('button', { name: 'استخدام مفتاح مرور' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard/);

  // Password sign-in on again, from the keyboard.
  await page.goto('/dashboard/user/account');
  await tabTo(page, passwordSignIn, { limit: 60 });
  await page.keyboard.press('Space');
  await expect(passwordSignIn).toBeChecked();
  await expect(section.getByText('تسجيل الدخول بكلمة المرور مفعّل.')).toBeVisible();
});

// docs/product/accounts.md, "Your data": with password sign-in off, the password no longer deletes
// the account; the passkey confirms it.
test('with password sign-in off, the account is deleted with the passkey alone', async ({ page, member, api }) => {
  await addVirtualAuthenticator(page);
  await openSignedIn(page, member, '/dashboard/user/account');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await confirmWithPassword(page, 'Confirm it is you to add a passkey', member.password);
  await expect(section.getByRole('status')).toHaveText('Passkey added. You can now sign in with it.');
  const passwordSignIn = section.getByRole('checkbox', { name: /Password sign-in/ });
  await passwordSignIn.focus();
  await page.keyboard.press('Space');
  await confirmWithPassword(page, 'Confirm it is you to turn off password sign-in', member.password);
  await expect(passwordSignIn).not.toBeChecked();

  await page.goto('/dashboard/user/data');
  const remove = page.getByRole('button', { name: 'Delete with a passkey' });
  await expect(remove).toBeVisible();
  await expect(page.getByText('Password sign-in is off for your account: confirm with your passkey.')).toBeVisible();
  await expect(page.getByLabel('Your password')).toHaveCount(0);
  await expectNoA11yViolations(page, 'deletion by passkey only');

  await remove.click();
  await expect(page).toHaveURL(/\/(auth\/login)?$/);
  await expect(page.getByText('Your account has been deleted.').first()).toBeVisible();
  const mail = await api.get<{ data: Array<{ subject: string }> }>(
    `/api/dev/outbox?email=${encodeURIComponent(member.email)}`,
  );
  expect(mail.data.map((message) => message.subject)).toEqual(['Your account has been deleted']);
});
