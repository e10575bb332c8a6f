import type { Dictionary } from './en';
import { app } from './es/app';
import { auth } from './es/auth';
import { errors } from './es/errors';
import { shell } from './es/shell';
import { account } from './es/account';
import { companies } from './es/companies';
import { management } from './es/management';
import { monitoring } from './es/monitoring';
import { palette } from './es/palette';

/** Spanish. */
export const es: Dictionary = { ...app, ...auth, ...errors, ...shell, ...account, ...companies, ...management, ...monitoring, ...palette };
