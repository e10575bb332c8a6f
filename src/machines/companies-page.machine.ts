import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CompanyMember } from '../api/contract/companies';
import { companyMembers } from '../api/companies.api';
import { failureOf, type Failure } from './failure';

export interface CompaniesPageContext {
  /** The company whose members are shown. */
  companyId: string | null;
  members: CompanyMember[];
  /** Why the members could not be read, as a code and its dictionary key. */
  failure: Failure | null;
}

export type CompaniesPageEvent = { type: 'members.open'; companyId: string } | { type: 'members.close' } | { type: 'members.reload' };

/**
 * The admin's companies page beside its list: the people of one company, to shadow one of them. Finding anyone on
 * the platform is the Users screen's "All users" (`GET /api/users?all=1`), not a second search here.
 */
export const companiesPageMachine = setup({
  types: { context: {} as CompaniesPageContext, events: {} as CompaniesPageEvent },
  actors: {
    fetchMembers: fromPromise<CompanyMember[], { companyId: string }>(({ input }) => companyMembers(input.companyId)),
  },
  actions: {
    open: assign(({ event }) => {
      assertEvent(event, 'members.open');
      return { companyId: event.companyId, members: [], failure: null };
    }),
    close: assign({ companyId: null, members: [], failure: null }),
  },
}).createMachine({
  id: 'companiesPage',
  context: { companyId: null, members: [], failure: null },
  initial: 'closed',
  on: {
    'members.open': { target: '.loading', actions: 'open' },
    'members.close': { target: '.closed', actions: 'close' },
  },
  states: {
    closed: {},
    loading: {
      invoke: {
        id: 'members',
        src: 'fetchMembers',
        input: ({ context }) => ({ companyId: context.companyId ?? '' }),
        onDone: { target: 'ready', actions: assign({ members: ({ event }) => event.output, failure: null }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    ready: {},
    failed: { on: { 'members.reload': 'loading' } },
  },
});
