import type { Db } from '../db/database';
import type { User } from '../db/schema';
import { findUserById } from '../db/users.repository';
import { forbidden } from '../errors';
import type { AccessClaims } from './tokens';

/**
 * A platform admin acting as themselves. A shadow session is refused even when an admin is behind it: it acts with
 * the shadowed rights, and platform-wide screens would otherwise leak past them.
 */
export async function requirePlatformAdmin(db: Db, claims: AccessClaims): Promise<User> {
  if (claims.act) throw forbidden('Not available while shadowing. Exit shadowing first.');
  const user = await findUserById(db, claims.sub);
  if (!user || user.platformRole !== 'admin') throw forbidden('Only administrators can do this');
  return user;
}
