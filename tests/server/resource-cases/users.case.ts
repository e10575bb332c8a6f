import { companyUser } from '../../../src/api/contract/users';
import type { ResourceCase } from './case';

/** An email of its own for every name the suite makes up ("Zeta 3 ab1cd" → zeta-3-ab1cd@invitees.example.test). */
const emailOf = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}@invitees.example.test`;

export const resourceCase: ResourceCase = {
  item: companyUser,
  create: (_c, name) => ({ email: emailOf(name), name, role: 'user' }),
  update: () => ({ role: 'viewer', disabled: true }),
  // Each body is refused by both the invite and the membership change (the one refuses what the other does not know).
  bad: [
    { body: () => ({ role: 'owner' }), field: 'role' },
    { body: () => ({ role: 'user', disabled: 'yes' }), field: 'disabled' },
    { body: () => ({ email: 'not-an-email', name: 'Ok', role: 'user' }), field: 'email' },
    { body: () => ({ name: '', role: 'user' }), field: 'name' },
    { body: () => ({ role: 'user', extra: 1 }), field: 'extra' },
  ],
  // Nothing uses a membership yet (alert rule and export recipients will); a removed member keeps their account.
  sortField: 'name',
  readers: 'managers',
};
