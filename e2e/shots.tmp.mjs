import { chromium } from '@playwright/test';
import args from '../scripts/lib/chromium-args.cjs';
const API = 'http://localhost:3600',
  SHELL = 'http://localhost:8680';
const post = async (path, body, token) => {
  const r = await fetch(API + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const j = await r.json();
  if (!r.ok) throw new Error(path + ' ' + JSON.stringify(j));
  return j;
};
const email = `shot-${Date.now()}@example.com`;
await post('/api/auth/register', {
  email,
  password: 'Sunny#Day42',
  password2: 'Sunny#Day42',
  firstname: 'Ada',
  lastname: 'Lovelace',
});
const outbox = await (await fetch(`${API}/api/dev/outbox?email=${encodeURIComponent(email)}`)).json();
const {
  data: { accessToken: token },
} = await post('/api/auth/verify-otp', { email, otp: outbox.data[0].code, purpose: 'register' });
const mode = process.argv[2] ?? 'rich';
if (mode === 'rich') {
  const b1 = (await post('/api/dev/bookings', { startDate: '2024-03-01', endDate: '2024-03-04', points: 1800 })).data;
  await post('/api/user/points/claim', { bookingId: b1.bookingId, bookingDate: b1.startDate }, token);
  const today = new Date();
  const iso = (d) => d.toISOString().slice(0, 10);
  const s = new Date(today.getTime() - 2 * 864e5),
    e = new Date(today.getTime() + 4 * 864e5);
  const b2 = (await post('/api/dev/bookings', { startDate: iso(s), endDate: iso(e), points: 700 })).data;
  await post('/api/user/points/claim', { bookingId: b2.bookingId, bookingDate: b2.startDate }, token);
  await post('/api/rewards/rw-lounge-pass/redeem', { cost: 200 }, token);
}
const me = await (await fetch(`${API}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).json();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
const pages = (process.argv[3] ?? '/dashboard').split(',');
for (const path of pages)
  for (const lang of ['en', 'ar'])
    for (const dark of [false, true])
      for (const width of [375, 1440]) {
        const page = await browser.newPage({ viewport: { width, height: width < 500 ? 1400 : 1100 } });
        await page.addInitScript(
          ({ token, email, fullName, lang, dark }) => {
            sessionStorage.setItem('accessToken', token);
            sessionStorage.setItem('email', email);
            sessionStorage.setItem('fullName', fullName);
            localStorage.setItem('i18nextLng', lang);
            localStorage.setItem(
              'settings',
              JSON.stringify({ themeMode: dark ? 'dark' : 'light', themeDirection: lang === 'ar' ? 'rtl' : 'ltr' }),
            );
          },
          { token, email, fullName: me.data.FullName, lang, dark },
        );
        await page.goto(SHELL + path);
        await page.waitForSelector('h1');
        await page
          .waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, null, { timeout: 15000 })
          .catch(() => {});
        await page.waitForTimeout(600);
        const name = `${path.replace(/\//g, '_')}-${lang}-${dark ? 'dark' : 'light'}-${width}.png`;
        await page.screenshot({ path: `/tmp/loyalty-shots/${mode}${name}`, fullPage: true });
        await page.close();
      }
await browser.close();
console.log('ok', token.slice(0, 10));
