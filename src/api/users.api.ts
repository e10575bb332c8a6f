import { resourceApi } from './resource.api';
import { userListItem, type CompanyUser, type PlatformUser, type UserInput, type UserUpdate } from './contract/users';

/** A row of the Users screen: a member of the token's company, or (admins, `all=1`) any user of the platform. */
export type UserRow = CompanyUser | PlatformUser;

/** `/api/users` (docs/product.md, Management): invite, change role or access, remove from the company. */
export const usersApi = resourceApi<UserRow, UserInput, UserUpdate>('users', userListItem);
