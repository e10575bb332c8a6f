import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLanguage, requestLanguage, MAIL_LOCALES } from '../../server/mail/language';
import { addedToCompanyMail, invitationMail, resetPasswordMail, signInCodeMail, signupExistingAccountMail } from '../../server/mail/templates';
import { DEMO, buildTestApp, call, demoIds, freshIp, newUser, roleTokens, waitForMails, type TestApp } from './helpers';

describe('the language of a mail', () => {
  it("is the recipient's, else the request's, else English", () => {
    expect(mailLanguage('it', 'fr')).toBe('it');
    expect(mailLanguage(null, 'fr')).toBe('fr');
    expect(mailLanguage(undefined, 'fr-CA')).toBe('fr');
    expect(mailLanguage('xx', undefined)).toBe('en');
    expect(mailLanguage(null, null)).toBe('en');
  });

  it('reads Accept-Language by weight, skipping languages the product does not speak', () => {
    expect(requestLanguage({ 'accept-language': 'fr' })).toBe('fr');
    expect(requestLanguage({ 'accept-language': 'de-DE,de;q=0.9,it;q=0.8,en;q=0.5' })).toBe('it');
    expect(requestLanguage({ 'accept-language': 'en;q=0.2, zh-CN' })).toBe('zh');
    expect(requestLanguage({ 'accept-language': 'ar;q=0, de' })).toBeUndefined();
    expect(requestLanguage({})).toBeUndefined();
  });

  it('has every mail in all six languages, Arabic right to left, values escaped in the HTML', () => {
    const link = 'https://watch.example.com/resetpassword?token=a&b';
    for (const l of MAIL_LOCALES) {
      const mails = [
        signInCodeMail(l, '123456'),
        resetPasswordMail(l, link),
        signupExistingAccountMail(l),
        invitationMail(l, 'Fish <&> Chips', 'manager', link, 7),
        addedToCompanyMail(l, 'Fish <&> Chips', 'viewer', link, 7),
      ];
      for (const m of mails) {
        expect(m.subject).not.toMatch(/\{\w+\}/);
        expect(m.text + m.html).not.toMatch(/\{\w+\}/);
        expect(m.html).toContain(`lang="${l}" dir="${l === 'ar' ? 'rtl' : 'ltr'}"`);
        expect(m.html).not.toContain('<&>');
      }
      expect(/\b(\d{6})\b/.exec(mails[0]!.text)?.[1]).toBe('123456');
      // The link ends its line in the text part, so a reader (or a test) takes it whole.
      expect(mails[1]!.text).toMatch(/resetpassword\?token=a&b$/m);
      expect(mails[3]!.html).toContain('<strong>Fish &lt;&amp;&gt; Chips</strong>');
      expect(mails[3]!.html).toContain('href="https://watch.example.com/resetpassword?token=a&amp;b"');
    }
    // Each language has its own words, not English.
    const subjects = MAIL_LOCALES.map((l) => signInCodeMail(l, '1').subject);
    expect(new Set(subjects).size).toBe(MAIL_LOCALES.length);
  });
});

describe('mails in the recipient’s language', () => {
  let t: TestApp;
  let tok: Awaited<ReturnType<typeof roleTokens>>;

  beforeAll(async () => {
    t = await buildTestApp();
    tok = await roleTokens(t.app, await demoIds(t.deps));
  });
  afterAll(() => t.close());

  it('writes an invitation to a new address in the language of the French-speaking manager who sends it', async () => {
    const email = `nouveau-${Date.now()}@example.com`;
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization: `Bearer ${tok.manager}`, 'accept-language': 'fr' },
      payload: { email, name: 'Nouveau Collègue', role: 'user' },
    });
    expect(r.statusCode).toBe(201);
    const [mail] = await waitForMails(t.app, email, 1);
    expect(mail!.subject).toBe('Vous êtes invité à rejoindre Northwind Care Homes sur Sitewatch');
    expect(mail!.text).toContain('avec le rôle Utilisateur');
    expect(mail!.text).toMatch(/Choisir votre mot de passe: http:\/\/localhost:\d+\/resetpassword\?token=/);
    expect(mail!.html).toContain('lang="fr"');
    // The new account starts in that language too, until the person chooses theirs.
    const user = await t.deps.db.selectFrom('users').select('locale').where('email', '=', email).executeTakeFirstOrThrow();
    expect(user.locale).toBe('fr');
  });

  it("writes to an existing account in its own language, whatever the inviter's", async () => {
    const { email } = await newUser(t.app);
    await t.deps.db.updateTable('users').set({ locale: 'it' }).where('email', '=', email).execute();
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization: `Bearer ${tok.manager}`, 'accept-language': 'fr' },
      payload: { email, name: 'Esistente', role: 'viewer' },
    });
    expect(r.statusCode).toBe(201);
    const [mail] = await waitForMails(t.app, email, 1);
    expect(mail!.subject).toBe('Sei stato invitato in Northwind Care Homes su Sitewatch');
  });

  it('mails the sign-in code in Italian to a user whose profile says Italian', async () => {
    await t.deps.db.updateTable('users').set({ locale: 'it' }).where('email', '=', DEMO.admin).execute();
    try {
      const r = await call(t.app, 'POST', '/api/login', { email: DEMO.admin, password: DEMO.password }, undefined, freshIp());
      expect(r.body.data?.requireMFV).toBe(true);
      const [mail] = await waitForMails(t.app, DEMO.admin, 1);
      expect(mail!.subject).toBe('Il tuo codice di accesso a Sitewatch');
      expect(mail!.text).toMatch(/Il tuo codice di accesso a Sitewatch è \d{6}\./);
    } finally {
      await t.deps.db.updateTable('users').set({ locale: 'en' }).where('email', '=', DEMO.admin).execute();
    }
  });

  it('writes the reset mail in Arabic, right to left, for an Arabic profile', async () => {
    await t.deps.db.updateTable('users').set({ locale: 'ar' }).where('email', '=', DEMO.viewer).execute();
    try {
      const before = (await call(t.app, 'GET', `/api/dev/outbox?to=${encodeURIComponent(DEMO.viewer)}`)).body.data.length as number;
      expect((await call(t.app, 'POST', '/api/forgot-password', { email: DEMO.viewer }, undefined, freshIp())).status).toBe(200);
      const [mail] = await waitForMails(t.app, DEMO.viewer, before + 1);
      expect(mail!.subject).toBe('إعادة تعيين كلمة مرور Sitewatch');
      expect(mail!.html).toContain('dir="rtl"');
    } finally {
      await t.deps.db.updateTable('users').set({ locale: 'en' }).where('email', '=', DEMO.viewer).execute();
    }
  });
});
