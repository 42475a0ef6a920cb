import { PROFILE_UPDATED, PROFILE_UPDATE_FAILED } from './routes/profile';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_MEMBER_ID } from './store/seed';
import { startTestApi, type TestApi } from './testing/test-api';

let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await startTestApi();
  token = await api.login(DEMO_EMAIL, DEMO_PASSWORD);
});
afterAll(() => api.close());

const profile = (changes: Record<string, unknown> = {}) => ({
  id: DEMO_MEMBER_ID,
  firstname: 'Demo',
  lastname: 'Member',
  email: DEMO_EMAIL,
  phoneNumber: { code: 'AG', phoneCode: '1-268', number: '4641234' },
  preferred_language: 'de',
  country: 'AG',
  ...changes,
});

describe('profile', () => {
  test('the demo member has the per-user menu the remotes declare, grouped as members see it', async () => {
    const me = await api.call('GET', '/api/auth/me', { token });
    const menu = me.body.data.menu as {
      id: number;
      parent_id: number;
      title: string;
      path: string;
      subheader: string;
    }[];
    const childrenOf = (id: number) => menu.filter((item) => item.parent_id === id).map((item) => item.title);
    const top = menu.filter((item) => item.subheader === 'menu.overview' && item.parent_id === 0);
    expect(top.map((item) => item.title)).toEqual(
      ['dashboard', 'pointsGroup', 'rewardsGroup', 'card', 'tiers', 'calendar', 'help'].map(
        (key) => `remote-menus:${key}`,
      ),
    );
    expect(childrenOf(top[1]!.id)).toEqual(
      ['transactions', 'claim', 'redeem', 'household'].map((key) => `remote-menus:${key}`),
    );
    expect(childrenOf(top[2]!.id)).toEqual(['remote-menus:rewards', 'remote-menus:myRewards']);
    const parent = menu.find((item) => item.title === 'remote-menus:profile')!;
    expect(parent).toMatchObject({ parent_id: 0, subheader: 'menu.account', path: 'dashboard.user', icon: 'user' });
    expect(menu.filter((item) => item.parent_id === parent.id).map((item) => item.path)).toEqual([
      'dashboard.user.account',
      'dashboard.user.editProfile',
      'dashboard.user.changePassword',
      'dashboard.user.communication',
      'dashboard.user.sessions',
      'dashboard.user.data',
    ]);
    // A member's stored menu keeps its ids: the entries kept the ids they had before the remotes
    // declared them (the groups 21, 22 and 6, the statement 2, the help page 20).
    expect([parent.id, top[1]!.id, top[2]!.id]).toEqual([6, 21, 22]);
    expect(menu.find((item) => item.path === 'dashboard.help')?.id).toBe(20);
    expect(menu.find((item) => item.title === 'remote-menus:transactions')?.id).toBe(2);
  });

  test('update-profile changes the member and answers the text of docs/product/api.md', async () => {
    const reply = await api.call('POST', '/api/auth/update-profile', { token, body: profile({ firstname: 'Dora' }) });
    expect(reply).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: PROFILE_UPDATED,
        data: { FullName: 'Dora Member', MobileNumber: '+12684641234', PreferredLanguage: 'de', Country: 'AG' },
      },
    });
    expect((await api.call('GET', '/api/auth/me', { token })).body.data.firstname).toBe('Dora');
  });

  test('the e-mail cannot change and another member id is refused', async () => {
    const email = await api.call('POST', '/api/auth/update-profile', {
      token,
      body: profile({ email: 'other@example.com' }),
    });
    expect(email).toMatchObject({
      status: 422,
      body: { message: PROFILE_UPDATE_FAILED, errors: { email: expect.any(String) } },
    });
    const id = await api.call('POST', '/api/auth/update-profile', { token, body: profile({ id: 'mbr-someone-else' }) });
    expect(id).toMatchObject({ status: 403, body: { message: PROFILE_UPDATE_FAILED } });
  });

  test('field rules answer with the docs/product/limits.md texts', async () => {
    const reply = await api.call('POST', '/api/auth/update-profile', {
      token,
      body: profile({
        firstname: 'A'.repeat(16),
        lastname: '',
        phoneNumber: { code: 'FR', phoneCode: '33', number: '123' },
      }),
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({
      firstname: 'First name must be at most 15 characters',
      lastname: 'Last name required',
      'phoneNumber.number': 'Phone number must be at least 4 digits',
    });
  });

  test('updateMember takes the member form at POST /api/member/update', async () => {
    const { id: _id, ...form } = profile({ lastname: 'Mitglied' });
    const reply = await api.call('POST', '/api/member/update', { token, body: form });
    expect(reply).toMatchObject({ status: 200, body: { data: { lastname: 'Mitglied' } } });
    const failed = await api.call('POST', '/api/member/update', { token, body: { ...form, country: 'ZZ' } });
    expect(failed).toMatchObject({
      status: 422,
      body: { message: 'Update Failed', errors: { country: expect.any(String) } },
    });
  });
});

describe('permissions', () => {
  test('the member role holds user_management, not role_management', async () => {
    const reply = await api.call('GET', '/api/user/role-permissions', { token });
    expect(reply.body.data.role).toBe('member');
    expect(new Set(reply.body.data.permissions.map((permission: { name: string }) => permission.name))).toEqual(
      new Set(['user_management']),
    );
    const check = async (path: string) =>
      (await api.call('POST', '/api/user/check-permissions', { token, body: { path } })).body.data;
    expect(await check('/dashboard/user/account')).toEqual({ access: true, read_access: true, write_access: true });
    expect(await check('/dashboard/user/42/edit')).toEqual({ access: true, read_access: true, write_access: true });
    expect(await check('/dashboard/role')).toEqual({ access: false, read_access: false, write_access: false });
    expect(await check('/dashboard/role/7/edit')).toEqual({ access: false, read_access: false, write_access: false });
    expect(await check('/dashboard/transactions')).toEqual({ access: true, read_access: true, write_access: true });
  });
});

describe('geo', () => {
  test('countries: a blank first entry, dial codes with hyphens, suggestions and four translations', async () => {
    const reply = await api.call('GET', '/api/geo/country');
    const countries = reply.body.data as {
      code: string;
      phone: string;
      suggested?: boolean;
      translations: Record<string, string>;
    }[];
    expect(countries[0]).toMatchObject({ code: '', label: '', phone: '' });
    expect(countries.length).toBeGreaterThan(240);
    expect(countries.find((country) => country.code === 'AG')?.phone).toBe('1-268');
    expect(countries.find((country) => country.code === 'DE')?.translations).toEqual({
      en: 'Germany',
      fr: 'Allemagne',
      de: 'Deutschland',
      es: 'Alemania',
    });
    expect(
      countries
        .filter((country) => country.suggested)
        .map((country) => country.code)
        .sort(),
    ).toEqual(['AU', 'CA', 'DE', 'FR', 'JP', 'US']);
  });

  test('states and cities for a known country, empty lists otherwise', async () => {
    const states = await api.call('GET', '/api/geo/state?country=fr');
    expect(states.body.data.map((state: { code: string }) => state.code)).toContain('IDF');
    const cities = await api.call('GET', '/api/geo/city?country=FR&state=IDF');
    expect(cities.body.data.map((city: { name: string }) => city.name)).toContain('Paris');
    expect((await api.call('GET', '/api/geo/state?country=BT')).body.data).toEqual([]);
    expect((await api.call('GET', '/api/geo/state')).status).toBe(422);
  });
});

describe('account', () => {
  test('general holds the summary and the plan of docs/product/profile.md; workspace preferences update', async () => {
    const general = await api.call('GET', '/api/account/general', { token });
    expect(general.body.data).toMatchObject({
      email: DEMO_EMAIL,
      tier: { name: 'Silver' },
      plan: { billing: 'monthly', taxesExtra: true, paymentSecurity: '128-bit SSL' },
    });
    const updated = await api.call('POST', '/api/account/workspace/update', {
      token,
      body: { smsNotifications: true },
    });
    expect(updated.body.data.smsNotifications).toBe(true);
    expect((await api.call('GET', '/api/account/workspace', { token })).body.data.smsNotifications).toBe(true);
    expect((await api.call('POST', '/api/account/workspace/update', { token, body: { plan: 'Free' } })).status).toBe(
      422,
    );
    expect(
      (await api.call('POST', '/api/account/workspace/update', { token, body: { timezone: 'Mars/Olympus' } })).status,
    ).toBe(422);
  });
});

describe('CORS', () => {
  test('the app origins get CORS headers and a preflight allowing Authorization and Content-Type', async () => {
    for (const origin of ['http://localhost:8080', 'http://127.0.0.1:8083']) {
      const preflight = await fetch(`${api.url}/api/user/points/claim`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(preflight.status).toBeLessThan(300);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    }
  });

  test('other origins get no CORS headers', async () => {
    const reply = await api.call('GET', '/api/health', { headers: { origin: 'https://evil.example' } });
    expect(reply.headers.get('access-control-allow-origin')).toBeNull();
  });
});

test('without devRoutes, the dev routes are not there', async () => {
  const withoutDevRoutes = await startTestApi({ devRoutes: false });
  try {
    expect((await withoutDevRoutes.call('GET', '/api/dev/outbox?email=a@b.co')).status).toBe(404);
    expect((await withoutDevRoutes.call('POST', '/api/dev/clock', { body: { now: null } })).status).toBe(404);
    expect((await withoutDevRoutes.call('GET', '/api/DEV/outbox?email=a@b.co')).status).toBe(404);
    expect((await withoutDevRoutes.call('GET', '/api/health')).status).toBe(200);
  } finally {
    await withoutDevRoutes.close();
  }
});

test('forms may come as multipart or urlencoded text fields (docs/product/api.md "POST form")', async () => {
  const form = new FormData();
  form.set('email', DEMO_EMAIL);
  const multipart = await fetch(`${api.url}/api/auth/forgot-password`, { method: 'POST', body: form });
  expect(multipart.status).toBe(200);
  // Another address: one address gets one reset code a minute.
  const urlencoded = await api.call('POST', '/api/auth/forgot-password', {
    rawBody: `email=${encodeURIComponent('form.sender@example.com')}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(urlencoded.status).toBe(200);
  const withFile = new FormData();
  withFile.set('email', DEMO_EMAIL);
  withFile.set('file', new Blob(['x']), 'x.txt');
  expect((await fetch(`${api.url}/api/auth/forgot-password`, { method: 'POST', body: withFile })).status).toBe(400);
});
