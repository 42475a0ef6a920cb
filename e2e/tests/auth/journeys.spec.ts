import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import type { MockApi } from '../support/mock-api';
import { expectNoA11yViolations } from '../support/axe';
import { DEMO_MEMBER } from '../support/demo-member';

const LOCKED =
  'Your account has been locked due to multiple failed login attempts. Please reset your password to unlock your account.';

let sequence = 0;
function freshEmail(prefix: string) {
  sequence += 1;
  return `${prefix}-${test.info().workerIndex}-${Date.now()}-${sequence}@example.com`;
}

const GRACE = { password: 'Cobol#1959', firstname: 'Grace', lastname: 'Hopper' };

/** Registers Grace under `email` through the API, leaving her code unentered. */
async function registerWithoutCode(api: MockApi, email: string) {
  await api.post('/api/auth/register', { email, ...GRACE, password2: GRACE.password });
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('mf-auth journeys', () => {
  test('register, type the e-mailed code, land on the dashboard signed in', async ({ page, api }) => {
    const email = freshEmail('register');
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/auth\/register$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

    // Nothing typed yet: every message, and the first field gets focus.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('First name required')).toBeVisible();
    await expect(page.getByLabel('First name')).toBeFocused();

    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Cobol#1959');
    await page.getByLabel('Confirm password').fill('Cobol#1958');
    await page.getByLabel('Confirm password').blur();
    await expect(page.getByText('Passwords must match')).toBeVisible();
    await page.getByLabel('Confirm password').fill('Cobol#1959');
    const checklist = page.getByRole('list', { name: 'Password requirements' });
    await expect(checklist.getByRole('listitem').filter({ hasText: 'not yet met' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/auth\/verify-otp$/);
    await expect(page.getByRole('heading', { name: 'Verify your e-mail' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    // The resend waits as long as the server said (CODE_COOLDOWN: a minute).
    await expect(page.getByRole('button', { name: /^Send a new code in (60|59|58|57) s$/ })).toBeDisabled();
    // A reload keeps the address.
    await page.reload();
    await expect(page.getByText(email)).toBeVisible();

    const code = await api.latestCode(email);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('top-bar-full-name')).toHaveText('Grace Hopper');
  });

  test('a wrong code says "Invalid OTP" and keeps the member on the code step', async ({ page, api }) => {
    const email = freshEmail('otp');
    await registerWithoutCode(api, email);
    await page.addInitScript((address) => sessionStorage.setItem('mf-auth.register-email', address), email);
    await page.goto('/auth/verify-otp');
    const real = await api.latestCode(email);
    const wrong = real === '0000' ? '1111' : '0000';
    await page.getByLabel('Verification code').fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Invalid OTP')).toBeVisible();
    await expect(page.getByLabel('Verification code')).toBeFocused();
    await expect(page).toHaveURL(/\/auth\/verify-otp$/);
  });

  test('signing in before entering the code says so and leads to the code step', async ({ page, api }) => {
    const email = freshEmail('unverified');
    await registerWithoutCode(api, email);
    await page.goto('/auth/login');
    await fillLogin(page, email, GRACE.password);
    const alert = page.getByRole('alert').filter({ hasText: 'Please verify your email address' });
    await expect(alert).toBeVisible();
    await alert.getByRole('link', { name: 'Enter the code' }).click();

    await expect(page).toHaveURL(/\/auth\/verify-otp$/);
    await expect(page.getByText(email)).toBeVisible();
    await page.getByLabel('Verification code').fill(await api.latestCode(email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('top-bar-full-name')).toHaveText('Grace Hopper');
  });

  test('a new member who chooses it on the code step is kept signed in on this device', async ({
    page,
    context,
    api,
  }) => {
    const email = freshEmail('kept');
    await registerWithoutCode(api, email);
    await page.addInitScript((address) => sessionStorage.setItem('mf-auth.register-email', address), email);
    await page.goto('/auth/verify-otp');
    const choice = page.getByRole('checkbox', { name: 'Keep me signed in on this device for 30 days' });
    await expect(choice).not.toBeChecked();
    await page.getByLabel('Verification code').fill(await api.latestCode(email));
    // From the code, the keyboard alone: Tab to the choice, Space ticks it, Tab to Verify.
    await page.keyboard.press('Tab');
    await expect(choice).toBeFocused();
    await page.keyboard.press('Space');
    await expect(choice).toBeChecked();
    await expectNoA11yViolations(page, 'code step, the choice ticked');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Verify' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('top-bar-full-name')).toHaveText('Grace Hopper');
    const kept = (await context.cookies()).find((cookie) => cookie.name === 'loyalty_kept');
    expect(kept).toMatchObject({ path: '/api/auth/refresh', httpOnly: true, sameSite: 'Strict' });

    // A new tab (the installed app from the home screen) holds no session of its own: the device's
    // cookie brings it back without typing.
    await page.close();
    const reopened = await context.newPage();
    await reopened.goto('/dashboard');
    await expect(reopened.getByTestId('top-bar-full-name')).toHaveText('Grace Hopper');
    expect(await reopened.evaluate(() => sessionStorage.getItem('accessToken'))).toBeTruthy();
  });

  test('wrong passwords are slowed after the third, the fifth locks; resetting unlocks', async ({
    page,
    api,
    member,
  }) => {
    await page.goto('/auth/login');
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await fillLogin(page, member.email, 'Wrong#Pass1');
      await expect(page.getByRole('alert')).toHaveText('Invalid login credentials.');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    }
    // A guesser is slowed before the lockout: the server's wait (SIGN_IN_SLOWDOWN, 3 s in this
    // suite), said in the member's words, and what was typed stays.
    await fillLogin(page, member.email, 'Wrong#Pass1');
    const slowed = page.getByRole('alert').filter({ hasText: 'Too many attempts' });
    await expect(slowed).toHaveText(/^Too many attempts\. You can try again in \d seconds?\.$/);
    await expect(page.getByLabel('E-mail')).toHaveValue(member.email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Wrong#Pass1');
    await expectNoA11yViolations(page, 'sign-in, slowed');
    await page.waitForTimeout(3_100);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid login credentials.');
    await page.waitForTimeout(3_100);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText(LOCKED);
    // Locked means locked, even with the right password.
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText(LOCKED);
    // The lock ends by itself (LOCKOUT_DURATION, 15 minutes), and the page says so.
    await expect(page.getByRole('alert')).toContainText(/Or try again in 1[45] minutes\./);
    await expectNoA11yViolations(page, 'sign-in, locked');

    await page.getByRole('alert').getByRole('link', { name: 'Reset your password' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    // The sign-in page, with its own E-mail field, stays until this one is ready.
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('E-mail').fill(member.email);
    await page.getByRole('button', { name: 'Send request' }).click();

    await expect(page).toHaveURL(/\/auth\/verify-password$/);
    await expect(page.getByRole('status').first()).toContainText('Request sent successfully!');
    await expect(page.getByRole('status').first()).toContainText('Please check your email!');
    await page.getByLabel('Verification code').fill(await api.latestCode(member.email));
    await page.getByRole('button', { name: 'Verify' }).click();

    await expect(page).toHaveURL(/\/auth\/new-password$/);
    await page.getByLabel('New password', { exact: true }).fill('Brand#New2026');
    await page.getByLabel('Confirm new password').fill('Brand#New2026');
    await page.getByRole('button', { name: 'Reset password' }).click();

    await expect(page).toHaveURL(/\/auth\/success-password$/);
    await expect(page.getByText('Password is reset successfully')).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await fillLogin(page, member.email, 'Brand#New2026');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('top-bar-full-name')).toHaveText(member.fullName);
  });

  test('forgot password asks nothing of an unknown address and has a way back', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('E-mail').fill(freshEmail('nobody'));
    await page.getByRole('button', { name: 'Send request' }).click();
    // The same answer for every address, so the form cannot tell who is a member.
    await expect(page).toHaveURL(/\/auth\/verify-password$/);
    await expect(page.getByRole('status').first()).toContainText('Request sent successfully!');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('signed out, a deep link goes through sign in and back to where it pointed', async ({ page, member }) => {
    await page.goto('/dashboard/transactions');
    await expect(page).toHaveURL(/\/auth\/login\?returnTo=%2Fdashboard%2Ftransactions$/);
    // Detour via register and back: the query is kept between auth pages.
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/auth\/register\?returnTo=%2Fdashboard%2Ftransactions$/);
    await page.getByRole('link', { name: 'Sign in' }).click();
    // The register page, which has an E-mail field too, stays until the sign-in page is ready.
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await fillLogin(page, member.email, member.password);
    await expect(page).toHaveURL(/\/dashboard\/transactions$/);
  });

  test('the password can be shown and hidden, and says which it will do', async ({ page }) => {
    await page.goto('/auth/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Secret#123');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  // The demo member: an account whose own registration is older than the cool-down between two
  // registration codes of one address (a fresh member's was sent a moment ago).
  test('registering an address that has an account goes on as for a new one; its owner is told', async ({
    page,
    api,
  }) => {
    await page.goto('/auth/register');
    await page.getByLabel('First name').fill('Mallory');
    await page.getByLabel('Last name').fill('Intruder');
    await page.getByLabel('E-mail').fill(DEMO_MEMBER.email);
    await page.getByLabel('Password', { exact: true }).fill('Taken#Try1');
    await page.getByLabel('Confirm password').fill('Taken#Try1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/auth\/verify-otp$/);
    await expect(page.getByRole('heading', { name: 'Verify your e-mail' })).toBeVisible();
    const { data } = await api.get<{ data: Array<{ subject: string; code?: string }> }>(
      `/api/dev/outbox?email=${encodeURIComponent(DEMO_MEMBER.email)}`,
    );
    expect(data[0]).toMatchObject({ subject: 'Someone tried to create an account with your address' });
    expect(data[0]?.code).toBeUndefined();
    // Signing in with the password just typed answers as for any registration awaiting its code…
    await page.goto('/auth/login');
    await fillLogin(page, DEMO_MEMBER.email, 'Taken#Try1');
    await expect(page.getByRole('alert')).toContainText('Please verify your email address');
    // …and the owner's account is as it was.
    await page.getByLabel('Password', { exact: true }).fill(DEMO_MEMBER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a new code asked for too soon waits out the server’s cool-down, said in words', async ({
    page,
    api,
    member,
  }) => {
    // A reset code was just sent, from another tab: this page does not know the cool-down; the
    // server does.
    await api.post('/api/auth/forgot-password', { email: member.email });
    await page.addInitScript((address) => sessionStorage.setItem('mf-auth.reset-email', address), member.email);
    await page.goto('/auth/verify-password');
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      /^A code was sent a moment ago\. You can ask for another in (1 minute|\d+ seconds)\.$/,
    );
    await expect(page.getByRole('button', { name: /^Send a new code in \d+ s$/ })).toBeDisabled();
    await expectNoA11yViolations(page, 'reset code, resend refused');
  });
});
