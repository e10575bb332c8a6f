import { fromCallback, type EventObject, type Subscription } from 'xstate';
import type { SessionRole } from '../api/contract/common';
import { NAV_COMMANDS } from './commands';

/** What a page needs of the session actor: its announcement that the session in use has changed. */
export interface CompanySource {
  on(type: 'session.changed', handler: (e: { type: 'session.changed'; companyId: string | null; role: SessionRole | null }) => void): Subscription;
}

/**
 * A session a page can also ask which company it acts for now: a page of one company's data asks nothing while the
 * answer is none (a platform admin right after sign-in), and waits for `company.changed`.
 */
export interface ActingSource extends CompanySource {
  getSnapshot(): { context: { session: { companyId: string | null } | null } };
}

/** Whether `session` acts for a company now; without a session (tests, platform-wide pages) a page reads as before. */
export const actsForCompany = (session: ActingSource | null | undefined): boolean => !session || session.getSnapshot().context.session?.companyId != null;

/** The page event a company switch (or a shadow start or exit) becomes. */
export type CompanyChanged = { type: 'company.changed'; companyId: string | null };

/**
 * Turns the session's `session.changed` into the page's `company.changed`, so a page re-reads its data for the new
 * token. Pages are started by their views (useActorRef), each in an actor system of its own where
 * `system.get('session')` finds nothing, so the session comes in as input; without one (tests) nothing is heard.
 *
 * Only while the new session can read the page at all: with a company (a session without one, after exiting a shadow,
 * is sent home and the pages show "choose a company" without asking), and with a role that may see the page (`page`:
 * its sidebar entry, the rule the router applies) — a shadow of a user started from Plexus leaves the page, and reading
 * it once more with that token would be a 403, which logs out.
 */
export const companyWatch = fromCallback<EventObject, { session: CompanySource | null; page: string }>(({ input, sendBack }) => {
  const entry = NAV_COMMANDS.find((c) => c.id === input.page);
  const sub = input.session?.on('session.changed', (e) => {
    if (e.companyId === null || (e.role && entry && !entry.visible(e.role))) return;
    sendBack({ type: 'company.changed', companyId: e.companyId } satisfies CompanyChanged);
  });
  return () => sub?.unsubscribe();
});

/** The page event any change of the session in use becomes: the role it now acts with. */
export type RoleChanged = { type: 'role.changed'; role: SessionRole | null };

/**
 * Turns every `session.changed` into the page's `role.changed`, unfiltered: for a page whose reads depend on the role
 * rather than on the token's company (an admin reading another company's dashboard by id). Without a session (tests)
 * nothing is heard.
 */
export const roleWatch = fromCallback<EventObject, { session: CompanySource | null }>(({ input, sendBack }) => {
  const sub = input.session?.on('session.changed', (e) => sendBack({ type: 'role.changed', role: e.role } satisfies RoleChanged));
  return () => sub?.unsubscribe();
});
