import { newId } from '../auth/secrets';
import { requireTokenCompany } from '../auth/site-scope';
import { isPlatformAdmin } from '../monitoring/site-access';
import { AppError, badRequest, forbidden } from '../errors';
import { defineResource, duplicate, managersAndAdmins, type Scope } from './resource';
import {
  NO_PASSWORD, countActiveManagers, deleteMembership, findMember, findUserByEmail, findUserById, insertMembership, insertUser, listMembers,
  listPlatformUsers, lockCompanyMemberships, memberView, updateMembership, type MemberRow,
} from '../db/users.repository';
import { findCompany } from '../db/companies.repository';
import { mailLanguage } from '../mail/language';
import type { Db } from '../db/database';
import { userInput, userListItem, userListQuery, userUpdate } from '../../src/api/contract/users';

/** The scope of an admin acting for no company: only `?all=1` means something there. */
const NO_COMPANY = '';

/** The company a call acts in; an admin outside any company must choose one first, as for every other resource. */
function companyOf(scope: Scope): string {
  if (scope.companyId === NO_COMPANY) throw badRequest('Choose a company first: this session acts for none');
  return scope.companyId;
}

/**
 * Nobody changes, disables or removes their own membership (a user shadow acts as that user, so it cannot either):
 * a manager locking themselves out, or raising their own rights, is never what they meant.
 */
function notOwn(scope: Scope, row: MemberRow): void {
  if (row.id === scope.claims.sub) throw new AppError(403, 'own_membership', 'You cannot change or remove your own membership. Ask another manager.');
}

/** A manager who can act now: the ones a company must keep at least one of. */
const activeManager = (row: MemberRow) => row.role === 'manager' && row.disabled === 0 && row.invitedAt == null;

/** Refuses a change that would leave the company with no manager who can act (409 last_manager). */
async function keepAManager(db: Db, companyId: string, row: MemberRow): Promise<void> {
  await lockCompanyMemberships(db, companyId);
  if ((await countActiveManagers(db, companyId, row.id)) === 0) {
    throw new AppError(409, 'last_manager', `${row.name} is the last manager of this company. Make someone else a manager first.`);
  }
}

/**
 * Users (docs/product.md, Management): the members of the token's company; a row is a membership, its id
 * the user's. Create invites: the membership is pending until the person accepts it from the mail (a set-password link
 * for an account without a trusted password, an accept link otherwise: PasswordService.invite); PUT changes the
 * membership's role or disabled; DELETE removes the membership (or withdraws the invitation) and keeps the account. Admins acting as themselves list every user of the platform with `?all=1`.
 */
export const users = defineResource({
  path: 'users',
  noun: 'User',
  plural: 'Users',
  item: userListItem,
  listQuery: userListQuery,
  createInput: userInput,
  updateInput: userUpdate,
  // Who belongs to a company, and their sign-in times, are the managers' business (docs/product.md, Roles).
  readers: managersAndAdmins,
  // An admin outside any company still searches every user (the Companies page); everything else needs a company.
  async scope(db, claims) {
    if (!claims.cid && (await isPlatformAdmin(db, claims))) return { companyId: NO_COMPANY, role: 'admin' as const };
    return requireTokenCompany(db, claims);
  },
  async list(db, scope, query) {
    if (query.all) {
      if (!(await isPlatformAdmin(db, scope.claims))) throw forbidden('Only administrators can list every user');
      return listPlatformUsers(db, query);
    }
    const page = await listMembers(db, companyOf(scope), query);
    return { data: page.data.map(memberView), total: page.total };
  },
  find: (db, scope, id) => findMember(db, companyOf(scope), id),
  view: async (_db, _scope, row) => memberView(row),
  async create(db, scope, input) {
    const companyId = companyOf(scope);
    let user = await findUserByEmail(db, input.email);
    if (user && (await findMember(db, companyId, user.id))) throw duplicate('email', 'this person is already a member of the company');
    if (!user) {
      user = {
        // A new account has no language of its own yet: it starts in the one its inviter is using (their request's),
        // which its invitation mail is written in too; the person changes it in their profile.
        id: newId(), email: input.email, name: input.name, passwordHash: NO_PASSWORD, mfaEnabled: 0, locale: mailLanguage(null, scope.language),
        platformRole: null, disabled: 0, lastLoginAt: null, createdAt: scope.now,
        // It cannot sign in before it sets a password through the mailed link, which proves the address.
        emailVerified: 1,
      };
      await insertUser(db, user);
    }
    // Every membership starts as an invitation that grants nothing until its person accepts it from the mail, and is
    // shown with the name the manager typed: whether the address already had an account, and whose, is not told.
    await insertMembership(db, { userId: user.id, companyId, role: input.role, invitedAt: scope.now, invitedName: input.name });
    return (await findMember(db, companyId, user.id))!;
  },
  async created(deps, scope, row) {
    const company = await findCompany(deps.db, scope.companyId);
    const user = await findUserById(deps.db, row.id);
    if (!company || !user) return;
    await deps.auth.passwords.invite(user, { companyId: company.id, companyName: company.name, role: row.role, language: scope.language });
  },
  async update(db, scope, row, input) {
    notOwn(scope, row);
    const next: MemberRow = { ...row, role: input.role ?? row.role, disabled: input.disabled === undefined ? row.disabled : Number(input.disabled) };
    if (activeManager(row) && !activeManager(next)) await keepAManager(db, scope.companyId, row);
    await updateMembership(db, scope.companyId, row.id, { role: next.role, disabled: next.disabled });
    return next;
  },
  async remove(db, scope, row) {
    notOwn(scope, row);
    if (activeManager(row)) await keepAManager(db, scope.companyId, row);
    await deleteMembership(db, scope.companyId, row.id);
  },
  describe: (row) => `${row.email} (${[row.role, row.disabled ? 'disabled' : '', row.invitedAt != null ? 'invited' : ''].filter(Boolean).join(', ')})`,
  subjectOf: (row) => row.id,
});
