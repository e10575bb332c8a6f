import { app } from './en/app';
import { auth } from './en/auth';
import { errors } from './en/errors';
import { shell } from './en/shell';
import { failures } from './en/failures';

/**
 * The English the start-up carries: the sign-in page, the notices and failures of the session, the error pages. The
 * rest of en.ts arrives with any other page (loadEnglish in load.ts); tests/repo/startup-budget.test.ts checks that
 * every key the start-up's modules name is here.
 */
export const enStart = { ...app, ...auth, ...errors, ...shell, ...failures } as const;
