import { assign, fromPromise, setup } from 'xstate';
import type { CompanyMember, UserSummary } from '../api/contract/companies';
import { companyMembers, searchUsers } from '../api/companies.api';

/** SPEC §9: typing settles for 250 ms before a search goes out. */
export const DEBOUNCE_MS = 250;

export interface CompaniesPageContext {
  /** The company whose members are shown. */
  companyId: string | null;
  members: CompanyMember[];
  query: string;
  users: UserSummary[];
  error: string | null;
}

export type CompaniesPageEvent =
  | { type: 'members.open'; companyId: string }
  | { type: 'members.close' }
  | { type: 'users.search'; query: string };

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The admin's companies page: members of one company, and a user search, each a request → ready | failed. */
export const companiesPageMachine = setup({
  types: { context: {} as CompaniesPageContext, events: {} as CompaniesPageEvent },
  actors: {
    fetchMembers: fromPromise<CompanyMember[], { companyId: string }>(({ input }) => companyMembers(input.companyId)),
    searchUsers: fromPromise<UserSummary[], { query: string }>(({ input }) => searchUsers(input.query)),
  },
}).createMachine({
  id: 'companiesPage',
  context: { companyId: null, members: [], query: '', users: [], error: null },
  type: 'parallel',
  states: {
    members: {
      initial: 'closed',
      on: {
        'members.open': { target: '.loading', actions: assign({ companyId: ({ event }) => event.companyId, members: [], error: null }) },
        'members.close': { target: '.closed', actions: assign({ companyId: null, members: [] }) },
      },
      states: {
        closed: {},
        loading: {
          invoke: {
            id: 'members',
            src: 'fetchMembers',
            input: ({ context }) => ({ companyId: context.companyId ?? '' }),
            onDone: { target: 'ready', actions: assign({ members: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => message(event.error) }) },
          },
        },
        ready: {},
        failed: {},
      },
    },
    users: {
      initial: 'idle',
      on: { 'users.search': { target: '.debouncing', actions: assign({ query: ({ event }) => event.query }) } },
      states: {
        idle: {},
        // Re-entered on every keystroke, so only the last query of a burst is sent; an answer to an older search is dropped with its actor.
        debouncing: { after: { [DEBOUNCE_MS]: 'searching' } },
        searching: {
          invoke: {
            id: 'users',
            src: 'searchUsers',
            input: ({ context }) => ({ query: context.query.trim() }),
            onDone: { target: 'ready', actions: assign({ users: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => message(event.error), users: [] }) },
          },
        },
        ready: {},
        failed: {},
      },
    },
  },
});
