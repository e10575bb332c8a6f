import { fromCallback, type EventObject, type Subscription } from 'xstate';
import type { SessionRole } from '../api/contract/common';
import { NAV_COMMANDS } from './commands';

/** What a page needs of the session actor: its announcement that the session in use has changed. */
export interface CompanySource {
  on(type: 'session.changed', handler: (e: { type: 'session.changed'; companyId: string | null; role: SessionRole | null }) => void): Subscription;
}

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
