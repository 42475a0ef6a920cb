import { DEFAULT_PORTAL_ORIGIN } from './app';
import { MAIL_TEXTS, mailText, mailWords } from './mail/compose';
import { SoftwareAuthenticator } from './testing/software-authenticator';
import { memberWith } from './testing/members';
import { useTestApi } from './testing/test-api';

/**
 * Every e-mail is written in the member's language (docs/product/accounts.md, "E-mails"), from the
 * mock API's locale files, and English stands in for a language it has no texts for.
 */
// No wait after failed sign-ins (`SIGN_IN_SLOWDOWN=3/0s`): five wrong passwords lock at once.
const api = useTestApi({ security: { signInSlowdown: { afterFailures: 3, waitSeconds: 0 } } });
const PASSWORD = 'Secret@123';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
let members = 0;

type Mail = { subject: string; body: string; link?: string; code?: string };
const mailsOf = async (email: string) =>
  (await api.call<{ data: Mail[] }>('GET', `/api/dev/outbox?email=${encodeURIComponent(email)}`)).body.data;
/** The newest mail of `email` with `subject`. */
async function mailOf(email: string, subject: string): Promise<Mail> {
  const mail = (await mailsOf(email)).find((candidate) => candidate.subject === subject);
  if (!mail) throw new Error(`No "${subject}" in the outbox of ${email}: ${JSON.stringify(await mailsOf(email))}`);
  return mail;
}
/** Words no mail in another language may carry: its English would have leaked through. */
const ENGLISH = /\b(your|the|this|was|password|account)\b/i;

function setLanguage(email: string, language: string) {
  api.store.transact((data) => {
    data.members.find((member) => member.email === email)!.preferredLanguage = language as 'en';
  });
}

/** A member of the test's own in `language`, signed in: their address and token. */
async function memberIn(language: string, points = 0) {
  members += 1;
  const email = `mail-${language}-${members}@example.com`;
  const token = points > 0 ? await memberWith(api, email, points) : await api.registerMember(email, PASSWORD);
  setLanguage(email, language);
  return { email, token };
}

/** The account's first browser (no alert for it), then another: the alert's sign-in. */
async function signInFromNewBrowser(email: string) {
  const signIn = () =>
    api.call<{ token: string }>('POST', '/api/auth/login', {
      body: { email, password: PASSWORD },
      headers: { 'user-agent': WINDOWS },
    });
  expect((await signIn()).status).toBe(200);
  return signIn();
}

async function addPasskey(token: string) {
  const authenticator = new SoftwareAuthenticator(DEFAULT_PORTAL_ORIGIN, new URL(DEFAULT_PORTAL_ORIGIN).hostname);
  const options = await api.call('POST', '/api/auth/passkeys/registration-options', { token, body: {} });
  const added = await api.call('POST', '/api/auth/passkeys/register', {
    token,
    headers: { 'user-agent': WINDOWS },
    body: { response: authenticator.register(options.body.data), password: PASSWORD },
  });
  expect(added.status).toBe(201);
}

async function forgotPassword(email: string) {
  expect((await api.call('POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(200);
  // The mail is made just after the answer (decision 036).
  await new Promise((resolve) => setImmediate(resolve));
}

/** Each mail kind's subject, written out, in the two languages every kind is tested in. */
const SUBJECTS = {
  ar: {
    verification: 'رمز التحقق الخاص بك',
    sign_in: 'تسجيل دخول جديد إلى حسابك',
    passkey_added: 'أُضيف مفتاح مرور إلى حسابك',
    password_sign_in_off: 'أُوقف تسجيل الدخول بكلمة المرور',
    password_changed: 'تم تغيير كلمة المرور',
    reset: 'أعد تعيين كلمة المرور',
    reset_password_sign_in_off: 'أُعيد تعيين كلمة المرور؛ تسجيل الدخول بكلمة المرور متوقف',
    locked: 'حسابك مقفل لبعض الوقت',
    codes_suspended: 'عُلّقت رموز حسابك',
    registration_taken: 'حاول أحدهم إنشاء حساب بعنوانك',
    account_deleted: 'حُذف حسابك',
    household_invitation: 'يدعوك Test إلى مشاركة النقاط',
  },
  de: {
    verification: 'Ihr Bestätigungscode',
    sign_in: 'Neue Anmeldung bei Ihrem Konto',
    passkey_added: 'Ihrem Konto wurde ein Passkey hinzugefügt',
    password_sign_in_off: 'Die Anmeldung mit Passwort wurde ausgeschaltet',
    password_changed: 'Ihr Passwort wurde geändert',
    reset: 'Setzen Sie Ihr Passwort zurück',
    reset_password_sign_in_off: 'Ihr Passwort wurde zurückgesetzt; die Anmeldung mit Passwort ist ausgeschaltet',
    locked: 'Ihr Konto ist für eine Weile gesperrt',
    codes_suspended: 'Codes für Ihr Konto sind ausgesetzt',
    registration_taken: 'Jemand wollte mit Ihrer Adresse ein Konto anlegen',
    account_deleted: 'Ihr Konto wurde gelöscht',
    household_invitation: 'Test lädt Sie ein, Punkte zu teilen',
  },
} as const;

/** Does what sends one kind of mail to a member in `language`, and answers the mail. */
const SENDS: Record<keyof (typeof SUBJECTS)['de'], (language: 'ar' | 'de') => Promise<Mail>> = {
  async verification(language) {
    members += 1;
    const email = `mail-new-${language}-${members}@example.com`;
    const details = { email, password: PASSWORD, password2: PASSWORD, firstname: 'Test', lastname: 'Member', language };
    expect((await api.call('POST', '/api/auth/register', { body: details })).status).toBe(201);
    const mail = await mailOf(email, SUBJECTS[language].verification);
    // The account starts in the page's language too.
    const otp = mail.code;
    const verified = await api.call('POST', '/api/auth/verify-otp', { body: { email, otp, purpose: 'register' } });
    expect(verified.body.data.user.PreferredLanguage).toBe(language);
    return mail;
  },
  async sign_in(language) {
    const { email } = await memberIn(language);
    expect((await signInFromNewBrowser(email)).status).toBe(200);
    return mailOf(email, SUBJECTS[language].sign_in);
  },
  async passkey_added(language) {
    const { email, token } = await memberIn(language);
    await addPasskey(token);
    return mailOf(email, SUBJECTS[language].passkey_added);
  },
  async password_sign_in_off(language) {
    const { email, token } = await memberIn(language);
    await addPasskey(token);
    const off = await api.call('POST', '/api/auth/password-sign-in', {
      token,
      headers: { 'user-agent': WINDOWS },
      body: { enabled: false, password: PASSWORD },
    });
    expect(off.status).toBe(200);
    return mailOf(email, SUBJECTS[language].password_sign_in_off);
  },
  async password_changed(language) {
    const { email, token } = await memberIn(language);
    const changed = await api.call('POST', '/api/auth/change-password', {
      token,
      headers: { 'user-agent': WINDOWS },
      body: { oldPassword: PASSWORD, newPassword: 'Newer@1234', confirmPassword: 'Newer@1234' },
    });
    expect(changed.status).toBe(200);
    return mailOf(email, SUBJECTS[language].password_changed);
  },
  async reset(language) {
    const { email } = await memberIn(language);
    await forgotPassword(email);
    return mailOf(email, SUBJECTS[language].reset);
  },
  async reset_password_sign_in_off(language) {
    const { email, token } = await memberIn(language);
    await addPasskey(token);
    const off = { enabled: false, password: PASSWORD };
    expect((await api.call('POST', '/api/auth/password-sign-in', { token, body: off })).status).toBe(200);
    await forgotPassword(email);
    const otp = (await mailOf(email, SUBJECTS[language].reset)).code;
    const verified = await api.call('POST', '/api/auth/verify-otp', { body: { email, otp, purpose: 'reset' } });
    const body = { resetToken: verified.body.data.resetToken, password: 'Newer@1234', confirmPassword: 'Newer@1234' };
    expect((await api.call('POST', '/api/auth/set-password', { body })).status).toBe(200);
    return mailOf(email, SUBJECTS[language].reset_password_sign_in_off);
  },
  async locked(language) {
    const { email } = await memberIn(language);
    for (let attempt = 0; attempt < 5; attempt += 1)
      await api.call('POST', '/api/auth/login', { body: { email, password: 'Wrong@1234' } });
    return mailOf(email, SUBJECTS[language].locked);
  },
  async codes_suspended(language) {
    const { email } = await memberIn(language);
    const { count } = api.context.security.codeBudget;
    // Each client may enter five wrong codes for an address: the budget is spent from two.
    for (let attempt = 0; attempt < count; attempt += 1)
      await api.call('POST', '/api/auth/verify-otp', {
        body: { email, otp: '0000', purpose: 'reset' },
        headers: { 'x-forwarded-for': `192.0.2.${attempt % 2}` },
      });
    return mailOf(email, SUBJECTS[language].codes_suspended);
  },
  async registration_taken(language) {
    const { email } = await memberIn(language);
    const again = { email, password: PASSWORD, password2: PASSWORD, firstname: 'Test', lastname: 'Member' };
    // Past the minute between two codes of one address.
    api.clock.set(new Date(api.clock.now().getTime() + 61_000).toISOString());
    expect((await api.call('POST', '/api/auth/register', { body: again })).status).toBe(201);
    return mailOf(email, SUBJECTS[language].registration_taken);
  },
  async account_deleted(language) {
    const { email, token } = await memberIn(language);
    const deleted = await api.call('POST', '/api/account/delete', { token, body: { password: PASSWORD } });
    expect(deleted.status).toBe(200);
    return mailOf(email, SUBJECTS[language].account_deleted);
  },
  async household_invitation(language) {
    const inviter = await memberIn('en');
    const invitee = await memberIn(language);
    const invited = await api.call('POST', '/api/user/household/invitations', {
      token: inviter.token,
      body: { email: invitee.email },
    });
    expect(invited.status).toBe(201);
    return mailOf(invitee.email, SUBJECTS[language].household_invitation);
  },
};

describe('every mail in the member language', () => {
  for (const language of ['ar', 'de'] as const) {
    for (const [kind, send] of Object.entries(SENDS)) {
      test(`${kind}, in ${language}`, async () => {
        const mail = await send(language);
        expect(mail.subject).toBe(SUBJECTS[language][kind as keyof (typeof SUBJECTS)['de']]);
        // Links, codes and device names stay as they are; no English sentence is left.
        const prose = mail.body.replace(/https?:\/\/\S+/g, '').replace(/Chrome|Windows|desktop|Test Member/g, '');
        expect(prose).not.toMatch(ENGLISH);
        if (mail.link) expect(mail.body).toContain(mail.link);
        if (mail.code) expect(mail.body).toContain(mail.code);
      });
    }
  }

  test("an alert's time, duration and device are in the member's words", async () => {
    const mail = await SENDS.sign_in('de');
    expect(mail.body).toContain('am 15. Januar 2026 um 12:00 UTC');
    expect(mail.body).toContain('72 Stunden');
    expect(mail.body).toContain('Chrome 140 auf Windows 10 (Computer)');
    const arabic = await SENDS.sign_in('ar');
    expect(arabic.body).toContain('72 ساعة');
    expect(arabic.body).toContain('(حاسوب)');
  });

  test('a language without texts gets English', async () => {
    const { email } = await memberIn('xx');
    expect((await signInFromNewBrowser(email)).status).toBe(200);
    expect(await mailOf(email, 'New sign-in to your account')).toBeDefined();
    expect(mailText('pt', 'reset', 'subject')).toBe('Reset your password');
    expect(mailWords(undefined).duration(900)).toBe('15 minutes');
  });
});

describe('the locale files', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
  /** A text's key without its plural form: `what_one` → `what` when the language has that form. */
  const baseOf = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
  const english = MAIL_TEXTS.en!;

  test.each(['fr', 'de', 'es', 'ar'])('%s has every text English has, with the same placeholders', (language) => {
    const texts = MAIL_TEXTS[language]!;
    expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort());
    const locale = language === 'ar' ? 'ar' : language;
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    for (const [kind, entries] of Object.entries(english)) {
      const own = texts[kind]!;
      const plural = new Set(
        Object.keys(entries)
          .filter((key) => key.endsWith('_other'))
          .map(baseOf),
      );
      for (const key of Object.keys(entries)) {
        const base = baseOf(key);
        if (plural.has(base)) continue;
        expect([language, kind, key, typeof own[key]]).toEqual([language, kind, key, 'string']);
        expect(placeholders(own[key]!)).toEqual(placeholders(entries[key]!));
      }
      // A counted text has every form the language's plural rules name (Arabic: six).
      for (const base of plural) {
        for (const category of categories) {
          const text = own[`${base}_${category}`];
          expect([language, kind, `${base}_${category}`, typeof text]).toEqual([
            language,
            kind,
            `${base}_${category}`,
            'string',
          ]);
          // Forms may spell a small count out ("نقطتان"), never name another placeholder.
          expect(placeholders(text!).filter((name) => name !== 'count')).toEqual(
            placeholders(english[kind]![`${base}_other`]!).filter((name) => name !== 'count'),
          );
        }
      }
      for (const key of Object.keys(own))
        expect([kind, key, plural.has(baseOf(key)) || key in entries]).toEqual([kind, key, true]);
    }
  });

  test('Arabic counts take their real plural forms', () => {
    const subject = (count: number) => mailText('ar', 'points_sent', 'subject', { count });
    expect(subject(1)).toBe('خرجت نقطة واحدة من حسابك');
    expect(subject(2)).toBe('خرجت نقطتان من حسابك');
    expect(subject(5)).toBe('خرجت 5 نقاط من حسابك');
    expect(subject(11)).toBe('خرجت 11 نقطة من حسابك');
    expect(subject(100)).toBe('خرجت 100 نقطة من حسابك');
    expect(mailText('en', 'points_sent', 'subject', { count: 1 })).toBe('1 point left your account');
    expect(mailText('de', 'points_sent', 'subject', { count: 1500 })).toBe('1.500 Punkte haben Ihr Konto verlassen');
  });
});
