import type { MailMessage } from './mailer';
import type { MailLocale } from './language';

/** What a mail says; the sender picks the recipient. */
export type MailContent = Omit<MailMessage, 'to'>;

type Phrase =
  | 'signIn.subject' | 'signIn.code' | 'signIn.validity'
  | 'reset.subject' | 'reset.asked' | 'reset.validity' | 'reset.action' | 'notYou'
  | 'signup.subject' | 'signup.body' | 'signup.next'
  | 'verify.subject' | 'verify.body' | 'verify.validity' | 'verify.action'
  | 'invite.subject' | 'invite.body' | 'invite.validity' | 'invite.action' | 'invite.notExpected'
  | 'added.next' | 'added.action'
  | 'role.admin' | 'role.manager' | 'role.user' | 'role.viewer';

/**
 * Every mail's words in the six languages, as plain text with `{placeholders}`. The role names and "My Companies" /
 * "Forgot password" are the app's own words in each language (src/i18n), so the mail names what the reader will see.
 */
const PHRASES: Record<MailLocale, Record<Phrase, string>> = {
  en: {
    'signIn.subject': 'Your Sitewatch sign-in code',
    'signIn.code': 'Your Sitewatch sign-in code is {code}.',
    'signIn.validity': 'It is valid for 10 minutes. If you did not try to sign in, change your password.',
    'reset.subject': 'Reset your Sitewatch password',
    'reset.asked': 'Someone asked to reset the password of your Sitewatch account.',
    'reset.validity': 'Open this link within 30 minutes to choose a new one.',
    'reset.action': 'Choose a new password',
    notYou: 'If it was not you, ignore this mail.',
    'signup.subject': 'Someone tried to create a Sitewatch account with your email',
    'signup.body': 'Someone tried to create a Sitewatch account with this email address, which already has an account.',
    'signup.next': 'If it was you, sign in, or use Forgot password to choose a new password. If it was not you, ignore this mail.',
    'verify.subject': 'Confirm your email for Sitewatch',
    'verify.body': 'Welcome to Sitewatch. Confirm that this is your email address to finish creating your account.',
    'verify.validity': 'The link works for {days} days. Until then the account cannot sign in.',
    'verify.action': 'Confirm my email',
    'invite.subject': 'You are invited to {company} on Sitewatch',
    'invite.body': 'You have been invited to join {company} on Sitewatch with the role {role}.',
    'invite.validity': 'Open this link within {days} days to choose your password, then sign in.',
    'invite.action': 'Choose your password',
    'invite.notExpected': 'If you did not expect this invitation, ignore this mail.',
    'added.next': 'Open this link within {days} days to accept it; then sign in with your usual password and choose {company} in My Companies. Until you accept, you have no access to {company}.',
    'added.action': 'Accept the invitation',
    'role.admin': 'Administrator',
    'role.manager': 'Manager',
    'role.user': 'User',
    'role.viewer': 'Viewer',
  },
  es: {
    'signIn.subject': 'Su código de acceso a Sitewatch',
    'signIn.code': 'Su código de acceso a Sitewatch es {code}.',
    'signIn.validity': 'Es válido durante 10 minutos. Si no intentó iniciar sesión, cambie su contraseña.',
    'reset.subject': 'Restablezca su contraseña de Sitewatch',
    'reset.asked': 'Alguien ha pedido restablecer la contraseña de su cuenta de Sitewatch.',
    'reset.validity': 'Abra este enlace en los próximos 30 minutos para elegir una nueva.',
    'reset.action': 'Elegir una contraseña nueva',
    notYou: 'Si no fue usted, ignore este correo.',
    'signup.subject': 'Alguien intentó crear una cuenta de Sitewatch con su correo',
    'signup.body': 'Alguien intentó crear una cuenta de Sitewatch con esta dirección de correo, que ya tiene una cuenta.',
    'signup.next': 'Si fue usted, inicie sesión o use «¿Olvidó su contraseña?» para elegir una nueva. Si no fue usted, ignore este correo.',
    'verify.subject': 'Confirme su correo para Sitewatch',
    'verify.body': 'Le damos la bienvenida a Sitewatch. Confirme que esta es su dirección de correo para terminar de crear su cuenta.',
    'verify.validity': 'El enlace funciona durante {days} días. Hasta entonces la cuenta no puede iniciar sesión.',
    'verify.action': 'Confirmar mi correo',
    'invite.subject': 'Le han invitado a {company} en Sitewatch',
    'invite.body': 'Le han invitado a unirse a {company} en Sitewatch con el rol {role}.',
    'invite.validity': 'Abra este enlace en los próximos {days} días para elegir su contraseña y después inicie sesión.',
    'invite.action': 'Elegir su contraseña',
    'invite.notExpected': 'Si no esperaba esta invitación, ignore este correo.',
    'added.next': 'Abra este enlace en los próximos {days} días para aceptarla; después inicie sesión con su contraseña habitual y elija {company} en Mis empresas. Hasta que la acepte, no tiene acceso a {company}.',
    'added.action': 'Aceptar la invitación',
    'role.admin': 'Administrador',
    'role.manager': 'Gestor',
    'role.user': 'Usuario',
    'role.viewer': 'Lector',
  },
  fr: {
    'signIn.subject': 'Votre code de connexion Sitewatch',
    'signIn.code': 'Votre code de connexion Sitewatch est {code}.',
    'signIn.validity': "Il est valable 10 minutes. Si vous n'avez pas tenté de vous connecter, changez votre mot de passe.",
    'reset.subject': 'Réinitialisez votre mot de passe Sitewatch',
    'reset.asked': 'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte Sitewatch.',
    'reset.validity': 'Ouvrez ce lien dans les 30 minutes pour en choisir un nouveau.',
    'reset.action': 'Choisir un nouveau mot de passe',
    notYou: 'Si ce n’était pas vous, ignorez ce message.',
    'signup.subject': 'Quelqu’un a tenté de créer un compte Sitewatch avec votre adresse',
    'signup.body': 'Quelqu’un a tenté de créer un compte Sitewatch avec cette adresse e-mail, qui a déjà un compte.',
    'signup.next': 'Si c’était vous, connectez-vous, ou utilisez « Mot de passe oublié » pour en choisir un nouveau. Si ce n’était pas vous, ignorez ce message.',
    'verify.subject': 'Confirmez votre e-mail pour Sitewatch',
    'verify.body': 'Bienvenue sur Sitewatch. Confirmez que cette adresse e-mail est la vôtre pour terminer la création de votre compte.',
    'verify.validity': 'Le lien fonctionne pendant {days} jours. D’ici là, le compte ne peut pas se connecter.',
    'verify.action': 'Confirmer mon e-mail',
    'invite.subject': 'Vous êtes invité à rejoindre {company} sur Sitewatch',
    'invite.body': 'Vous êtes invité à rejoindre {company} sur Sitewatch avec le rôle {role}.',
    'invite.validity': 'Ouvrez ce lien dans les {days} jours pour choisir votre mot de passe, puis connectez-vous.',
    'invite.action': 'Choisir votre mot de passe',
    'invite.notExpected': 'Si vous n’attendiez pas cette invitation, ignorez ce message.',
    'added.next': 'Ouvrez ce lien dans les {days} jours pour l’accepter, puis connectez-vous avec votre mot de passe habituel et choisissez {company} dans Mes entreprises. Tant que vous ne l’avez pas acceptée, vous n’avez pas accès à {company}.',
    'added.action': 'Accepter l’invitation',
    'role.admin': 'Administrateur',
    'role.manager': 'Gestionnaire',
    'role.user': 'Utilisateur',
    'role.viewer': 'Lecteur',
  },
  it: {
    'signIn.subject': 'Il tuo codice di accesso a Sitewatch',
    'signIn.code': 'Il tuo codice di accesso a Sitewatch è {code}.',
    'signIn.validity': 'È valido per 10 minuti. Se non hai provato ad accedere, cambia la password.',
    'reset.subject': 'Reimposta la password di Sitewatch',
    'reset.asked': 'Qualcuno ha chiesto di reimpostare la password del tuo account Sitewatch.',
    'reset.validity': 'Apri questo link entro 30 minuti per sceglierne una nuova.',
    'reset.action': 'Scegli una nuova password',
    notYou: 'Se non sei stato tu, ignora questa email.',
    'signup.subject': 'Qualcuno ha provato a creare un account Sitewatch con la tua email',
    'signup.body': 'Qualcuno ha provato a creare un account Sitewatch con questo indirizzo email, che ha già un account.',
    'signup.next': 'Se sei stato tu, accedi, oppure usa «Password dimenticata» per sceglierne una nuova. Se non sei stato tu, ignora questa email.',
    'verify.subject': 'Conferma la tua email per Sitewatch',
    'verify.body': 'Benvenuto in Sitewatch. Conferma che questo è il tuo indirizzo email per completare la creazione dell’account.',
    'verify.validity': 'Il link funziona per {days} giorni. Fino ad allora l’account non può accedere.',
    'verify.action': 'Conferma la mia email',
    'invite.subject': 'Sei stato invitato in {company} su Sitewatch',
    'invite.body': 'Sei stato invitato a unirti a {company} su Sitewatch con il ruolo {role}.',
    'invite.validity': 'Apri questo link entro {days} giorni per scegliere la tua password, poi accedi.',
    'invite.action': 'Scegli la tua password',
    'invite.notExpected': 'Se non ti aspettavi questo invito, ignora questa email.',
    'added.next': 'Apri questo link entro {days} giorni per accettarlo, poi accedi con la tua solita password e scegli {company} in Le mie aziende. Finché non lo accetti, non hai accesso a {company}.',
    'added.action': 'Accetta l’invito',
    'role.admin': 'Amministratore',
    'role.manager': 'Responsabile',
    'role.user': 'Utente',
    'role.viewer': 'Visualizzatore',
  },
  ar: {
    'signIn.subject': 'رمز تسجيل الدخول إلى Sitewatch',
    'signIn.code': 'رمز تسجيل الدخول إلى Sitewatch هو {code}.',
    'signIn.validity': 'الرمز صالح لمدة 10 دقائق. إذا لم تحاول تسجيل الدخول، فغيّر كلمة المرور.',
    'reset.subject': 'إعادة تعيين كلمة مرور Sitewatch',
    'reset.asked': 'طلب أحدهم إعادة تعيين كلمة مرور حسابك في Sitewatch.',
    'reset.validity': 'افتح هذا الرابط خلال 30 دقيقة لاختيار كلمة مرور جديدة.',
    'reset.action': 'اختر كلمة مرور جديدة',
    notYou: 'إذا لم تكن أنت، فتجاهل هذه الرسالة.',
    'signup.subject': 'حاول أحدهم إنشاء حساب Sitewatch ببريدك الإلكتروني',
    'signup.body': 'حاول أحدهم إنشاء حساب Sitewatch بعنوان البريد الإلكتروني هذا، وله حساب بالفعل.',
    'signup.next': 'إذا كنت أنت، فسجّل الدخول، أو استخدم «نسيت كلمة المرور» لاختيار كلمة مرور جديدة. إذا لم تكن أنت، فتجاهل هذه الرسالة.',
    'verify.subject': 'أكّد بريدك الإلكتروني لـ Sitewatch',
    'verify.body': 'مرحبًا بك في Sitewatch. أكّد أن هذا عنوان بريدك الإلكتروني لإكمال إنشاء حسابك.',
    'verify.validity': 'يعمل الرابط لمدة {days} أيام. وحتى ذلك الحين لا يمكن للحساب تسجيل الدخول.',
    'verify.action': 'تأكيد بريدي الإلكتروني',
    'invite.subject': 'أنت مدعو إلى {company} على Sitewatch',
    'invite.body': 'تمت دعوتك للانضمام إلى {company} على Sitewatch بدور {role}.',
    'invite.validity': 'افتح هذا الرابط خلال {days} أيام لاختيار كلمة المرور، ثم سجّل الدخول.',
    'invite.action': 'اختر كلمة المرور',
    'invite.notExpected': 'إذا لم تكن تتوقع هذه الدعوة، فتجاهل هذه الرسالة.',
    'added.next': 'افتح هذا الرابط خلال {days} أيام لقبولها، ثم سجّل الدخول بكلمة المرور المعتادة واختر {company} في «شركاتي». لن يكون لديك وصول إلى {company} حتى تقبلها.',
    'added.action': 'قبول الدعوة',
    'role.admin': 'مسؤول',
    'role.manager': 'مدير',
    'role.user': 'مستخدم',
    'role.viewer': 'مُشاهِد',
  },
  zh: {
    'signIn.subject': '您的 Sitewatch 登录验证码',
    'signIn.code': '您的 Sitewatch 登录验证码是 {code}。',
    'signIn.validity': '验证码 10 分钟内有效。如果不是您本人尝试登录，请修改密码。',
    'reset.subject': '重置您的 Sitewatch 密码',
    'reset.asked': '有人请求重置您的 Sitewatch 账户密码。',
    'reset.validity': '请在 30 分钟内打开此链接设置新密码。',
    'reset.action': '设置新密码',
    notYou: '如果不是您本人操作，请忽略此邮件。',
    'signup.subject': '有人尝试用您的邮箱创建 Sitewatch 账户',
    'signup.body': '有人尝试用此邮箱地址创建 Sitewatch 账户，但该地址已有账户。',
    'signup.next': '如果是您本人，请直接登录，或使用“忘记密码”设置新密码。如果不是您本人，请忽略此邮件。',
    'verify.subject': '确认您的 Sitewatch 邮箱',
    'verify.body': '欢迎使用 Sitewatch。请确认这是您的邮箱地址，以完成账户创建。',
    'verify.validity': '链接在 {days} 天内有效。在此之前，该账户无法登录。',
    'verify.action': '确认我的邮箱',
    'invite.subject': '您受邀加入 Sitewatch 上的 {company}',
    'invite.body': '您受邀以{role}角色加入 Sitewatch 上的 {company}。',
    'invite.validity': '请在 {days} 天内打开此链接设置密码，然后登录。',
    'invite.action': '设置密码',
    'invite.notExpected': '如果您没有预期收到此邀请，请忽略此邮件。',
    'added.next': '请在 {days} 天内打开此链接接受邀请，然后使用您平常的密码登录，并在“我的公司”中选择 {company}。接受之前，您无法访问 {company}。',
    'added.action': '接受邀请',
    'role.admin': '管理员',
    'role.manager': '经理',
    'role.user': '用户',
    'role.viewer': '查看者',
  },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Values shown in bold in the HTML part (the code, the company); the others plain. */
const STRONG = new Set(['code', 'company']);

type Values = Record<string, string | number>;
/** A paragraph: a phrase with its values, or a link whose label is a phrase. */
type Paragraph = { say: Phrase; values?: Values } | { link: string; label: Phrase };

function fill(template: string, values: Values, html: boolean): string {
  const parts = template.split(/(\{\w+\})/);
  return parts
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined || !(name in values)) return html ? escapeHtml(part) : part;
      const value = String(values[name]);
      if (!html) return value;
      return STRONG.has(name) ? `<strong>${escapeHtml(value)}</strong>` : escapeHtml(value);
    })
    .join('');
}

/**
 * One mail in one language: the text part has each paragraph on its own lines (a link as "label: URL", so the URL
 * ends at the line's end), the HTML part the same paragraphs, written right to left for Arabic.
 */
function compose(locale: MailLocale, subject: Phrase, values: Values, paragraphs: Paragraph[]): MailContent {
  const words = PHRASES[locale];
  const text = paragraphs
    .map((p) => ('say' in p ? fill(words[p.say], { ...values, ...p.values }, false) : `${words[p.label]}: ${p.link}`))
    .join('\n\n');
  const body = paragraphs
    .map((p) => `<p>${'say' in p ? fill(words[p.say], { ...values, ...p.values }, true) : `<a href="${escapeHtml(p.link)}">${escapeHtml(words[p.label])}</a>`}</p>`)
    .join('');
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  return {
    subject: fill(words[subject], values, false),
    text,
    html: `<div lang="${locale}" dir="${dir}"${dir === 'rtl' ? ' style="text-align:right"' : ''}>${body}</div>`,
  };
}

/** A role as the reader says it. */
export const roleName = (locale: MailLocale, role: string) => PHRASES[locale][`role.${role}` as Phrase] ?? role;

export const signInCodeMail = (locale: MailLocale, code: string): MailContent =>
  compose(locale, 'signIn.subject', { code }, [{ say: 'signIn.code' }, { say: 'signIn.validity' }]);

export const resetPasswordMail = (locale: MailLocale, link: string): MailContent =>
  compose(locale, 'reset.subject', {}, [{ say: 'reset.asked' }, { say: 'reset.validity' }, { link, label: 'reset.action' }, { say: 'notYou' }]);

/** Sent instead of an error, so sign-up cannot be used to probe which emails have accounts. */
export const signupExistingAccountMail = (locale: MailLocale): MailContent =>
  compose(locale, 'signup.subject', {}, [{ say: 'signup.body' }, { say: 'signup.next' }]);

/** A new account confirms its email before it can sign in. */
export const verifyEmailMail = (locale: MailLocale, link: string, validDays: number): MailContent =>
  compose(locale, 'verify.subject', { days: validDays }, [{ say: 'verify.body' }, { say: 'verify.validity' }, { link, label: 'verify.action' }, { say: 'notYou' }]);

/** An invitation to a new account: the link is a password-reset link with the longer invitation expiry. */
export const invitationMail = (locale: MailLocale, companyName: string, role: string, link: string, validDays: number): MailContent =>
  compose(locale, 'invite.subject', { company: companyName, role: roleName(locale, role), days: validDays }, [
    { say: 'invite.body' },
    { say: 'invite.validity' },
    { link, label: 'invite.action' },
    { say: 'invite.notExpected' },
  ]);

/** To an account that has a password it can be trusted with: the invitation waits for its accept link. */
export const addedToCompanyMail = (locale: MailLocale, companyName: string, role: string, acceptUrl: string, validDays: number): MailContent =>
  compose(locale, 'invite.subject', { company: companyName, role: roleName(locale, role), days: validDays }, [
    { say: 'invite.body' },
    { say: 'added.next' },
    { link: acceptUrl, label: 'added.action' },
    { say: 'invite.notExpected' },
  ]);
