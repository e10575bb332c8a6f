import { assign, fromPromise, setup } from 'xstate';
import type { CompanySummary } from '../api/contract/auth';
import { failureOf, type Failure } from './failure';
import { apiModules } from '../api/lazy';

export interface CompaniesContext {
  /** The user's companies (all of them for admins), for the top bar and My Companies. */
  companies: CompanySummary[];
  /** Why they could not be read, as a code and its dictionary key. */
  error: Failure | null;
}

export type CompaniesEvent = { type: 'companies.load' } | { type: 'companies.clear' };

export const companiesMachine = setup({
  types: { context: {} as CompaniesContext, events: {} as CompaniesEvent },
  actors: { fetchCompanies: fromPromise<CompanySummary[]>(async () => (await apiModules.auth()).companies()) },
}).createMachine({
  id: 'companies',
  context: { companies: [], error: null },
  initial: 'idle',
  on: {
    'companies.load': { target: '.loading' },
    'companies.clear': { target: '.idle', actions: assign({ companies: [], error: null }) },
  },
  states: {
    idle: {},
    loading: {
      invoke: {
        id: 'fetch',
        src: 'fetchCompanies',
        onDone: { target: 'ready', actions: assign({ companies: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOf(event.error) }) },
      },
    },
    ready: {},
    failed: {},
  },
});
