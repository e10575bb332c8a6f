import { usersApi, type UserRow } from '../api/users.api';
import { userInput, userUpdate, type UserInput, type UserUpdate } from '../api/contract/users';
import type { MembershipRole } from '../api/contract/common';
import { listAndFormMachine } from './list-and-form.machine';

export interface UserValues {
  email: string;
  name: string;
  role: MembershipRole;
  disabled: boolean;
}

/** A member of the token's company (rather than a platform user of the admins' everyone list). */
export const isMember = (u: UserRow): u is Extract<UserRow, { role: MembershipRole }> => 'role' in u;

/**
 * Users: the list-and-form machine on `/api/users`. A new row is an invitation (email, name, role); a change acts on
 * the membership only (role, access), so it has its own body. `all=1` (admins) lists every user of the platform.
 */
export const usersMachine = listAndFormMachine<UserRow, UserValues, UserInput, UserUpdate>({
  id: 'users',
  api: usersApi,
  schema: userInput,
  blank: () => ({ email: '', name: '', role: 'user', disabled: false }),
  valuesOf: (u) => ({ email: u.email, name: u.name, role: isMember(u) ? u.role : 'user', disabled: u.disabled }),
  toInput: (v) => ({ email: v.email, name: v.name, role: v.role }),
  update: { schema: userUpdate, toInput: (v) => ({ role: v.role, disabled: v.disabled }) },
  nameOf: (u) => u.name || u.email,
  defaultSort: 'name',
  filters: ['all', 'role'],
});
