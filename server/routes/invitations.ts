import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PUBLIC, type AppDeps } from '../context';
import { audit } from '../db/audit.repository';
import { acceptInvitation, findInvitation } from '../db/users.repository';
import { sha256 } from '../auth/secrets';
import { INVITE_TTL_DAYS } from '../auth/passwords.service';
import { mailLanguage, type LocaleWords } from '../mail/language';
import { roleName } from '../mail/templates';
import { escapeHtml, linkPage, postButton } from './link-page';

const tokenParams = z.object({ token: z.string().min(20).max(100) });

const INVITE_TTL_MS = INVITE_TTL_DAYS * 86_400_000;

type Key = 'title' | 'goneTitle' | 'offer' | 'button' | 'done' | 'gone';
type Words = Record<Key, string>;

/** The accept page's words, in each language; {company} and {role} are filled in. */
const INVITE_PAGE_WORDS: LocaleWords<Key> = {
  en: { goneTitle: 'Invitation', title: 'Join {company}', offer: 'You are invited to {company} on Sitewatch with the role {role}.', button: 'Accept the invitation', done: 'You are now a member of {company}. Sign in and choose it in My Companies.', gone: 'This invitation is no longer valid. Ask the person who invited you to invite you again.' },
  es: { goneTitle: 'Invitación', title: 'Unirse a {company}', offer: 'Le han invitado a {company} en Sitewatch con el rol {role}.', button: 'Aceptar la invitación', done: 'Ya es miembro de {company}. Inicie sesión y elíjala en Mis empresas.', gone: 'Esta invitación ya no es válida. Pida a quien le invitó que le invite de nuevo.' },
  fr: { goneTitle: 'Invitation', title: 'Rejoindre {company}', offer: 'Vous êtes invité à rejoindre {company} sur Sitewatch avec le rôle {role}.', button: 'Accepter l’invitation', done: 'Vous êtes désormais membre de {company}. Connectez-vous et choisissez-la dans Mes entreprises.', gone: 'Cette invitation n’est plus valable. Demandez à la personne qui vous a invité de vous inviter à nouveau.' },
  it: { goneTitle: 'Invito', title: 'Unisciti a {company}', offer: 'Sei stato invitato in {company} su Sitewatch con il ruolo {role}.', button: 'Accetta l’invito', done: 'Ora sei membro di {company}. Accedi e sceglila in Le mie aziende.', gone: 'Questo invito non è più valido. Chiedi a chi ti ha invitato di invitarti di nuovo.' },
  ar: { goneTitle: 'دعوة', title: 'الانضمام إلى {company}', offer: 'أنت مدعو إلى {company} على Sitewatch بدور {role}.', button: 'قبول الدعوة', done: 'أصبحت الآن عضوًا في {company}. سجّل الدخول واخترها في «شركاتي».', gone: 'لم تعد هذه الدعوة صالحة. اطلب من الشخص الذي دعاك أن يدعوك مرة أخرى.' },
  zh: { goneTitle: '邀请', title: '加入 {company}', offer: '您受邀以{role}角色加入 Sitewatch 上的 {company}。', button: '接受邀请', done: '您现在是 {company} 的成员。请登录并在“我的公司”中选择它。', gone: '此邀请已失效。请邀请您的人重新邀请您。' },
};

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);

/**
 * The accept link of an invitation mailed to an account that has a password: GET shows the company
 * and the role with a button and changes nothing (mail scanners open links); POST accepts, once. Until then the
 * membership grants nothing. The link lives as long as the invitation's set-password link does.
 */
export async function invitationRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;
  await app.register(async (scope) => {
    // The page's form posts an empty urlencoded body; nothing in it is read.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));

    /** The pending invitation the link names while it is valid, and the words to answer in. */
    const open = async (params: unknown) => {
      const parsed = tokenParams.safeParse(params);
      const invitation = parsed.success ? await findInvitation(db, sha256(parsed.data.token)) : undefined;
      const locale = mailLanguage(invitation?.locale);
      const valid = invitation && Number(invitation.invitedAt) + INVITE_TTL_MS >= deps.auth.now() ? invitation : undefined;
      const values = { company: valid?.companyName ?? '', role: valid ? roleName(locale, valid.role) : '' };
      const say = Object.fromEntries(Object.entries(INVITE_PAGE_WORDS[locale]).map(([k, v]) => [k, fill(v, values)])) as Words;
      return { invitation: valid, locale, say };
    };

    scope.get('/api/invitations/:token', PUBLIC, async (req, reply) => {
      const { invitation, locale, say } = await open(req.params);
      if (!invitation) return linkPage(reply, 404, locale, say.goneTitle, `<p>${escapeHtml(say.gone)}</p>`);
      return linkPage(reply, 200, locale, say.title, `<p>${escapeHtml(say.offer)}</p>${postButton(say.button)}`);
    });

    scope.post('/api/invitations/:token', PUBLIC, async (req, reply) => {
      const { invitation, locale, say } = await open(req.params);
      if (!invitation || !(await acceptInvitation(db, invitation.userId, invitation.companyId))) {
        return linkPage(reply, 404, locale, say.goneTitle, `<p>${escapeHtml(say.gone)}</p>`);
      }
      await audit(db, { actorUserId: invitation.userId }, { companyId: invitation.companyId, action: 'users.accept', detail: `invitation as ${invitation.role} by mail link` });
      return linkPage(reply, 200, locale, say.title, `<p>${escapeHtml(say.done)}</p>`);
    });
  });
}
