import type { Db } from '../db/database';
import type { Me } from '../../src/api/contract/auth';
import type { UpdateProfileRequest } from '../../src/api/contract/profile';
import { findUserById, membershipsOf, updateProfile } from '../db/users.repository';
import { forbidden, unauthorized } from '../errors';
import type { AccessClaims } from './tokens';

/** The signed-in person's own account: who they are, their memberships, their name and language. */
export class ProfileService {
  constructor(private readonly d: { db: Db }) {}

  async updateProfile(claims: AccessClaims, input: UpdateProfileRequest): Promise<Me> {
    // A shadow acts with someone's rights for support, but their name and language stay theirs to choose.
    if (claims.act) throw forbidden('A shadow session cannot change the profile of the person shadowed');
    await updateProfile(this.d.db, claims.sub, input);
    return this.me(claims);
  }

  async me(claims: AccessClaims): Promise<Me> {
    const user = await findUserById(this.d.db, claims.sub);
    if (!user) throw unauthorized();
    const memberships = await membershipsOf(this.d.db, user.id);
    return {
      id: user.id, name: user.name, email: user.email, locale: user.locale as Me['locale'],
      platformRole: user.platformRole, memberships,
    };
  }
}
