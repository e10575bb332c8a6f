import type { Screen } from './commands';
import { actsForCompany, type ActingSource, type CompanyChanged, type CompanySource } from './company-watch';

/*
 * The company part of the list-and-form machine (list-and-form.machine.ts). A list of what one company owns asks
 * nothing while the session acts for no company, resting in `list.noCompany`, and every company switch
 * (`company.changed`, from the company watch) starts each region afresh. The machine is written with this part; a list
 * that needs no company is rebuilt without it (`withoutCompanyPart`).
 */

export interface PerCompanyConfig {
  /**
   * The screen (its sidebar entry) of a resource one company owns. Given the session (input), the list asks nothing
   * while the session acts for no company (`list.noCompany`) and reads again for each company it switches to. Absent
   * for lists that need no company: companies, a person's own memberships, users and the audit log of an admin.
   */
  perCompany?: Screen;
}

export interface PerCompanyContext {
  /** The session whose company a per-company list follows; null where nobody switches (tests, platform-wide lists). */
  session: CompanySource | null;
  /** The session acts for a company; a per-company list without one rests in `noCompany`. */
  acting: boolean;
}

export interface PerCompanyInput {
  /** The session, for a per-company list (`perCompany`): whether it acts for a company, and its switches. */
  session?: ActingSource | null;
}

/** A list that needs no company keeps no session, so no switch reaches it, and always reads. */
export const companyContext = (perCompany: Screen | undefined, session: ActingSource | null | undefined): PerCompanyContext => ({
  session: perCompany ? session ?? null : null,
  acting: !perCompany || actsForCompany(session),
});

/** Another company's list: what the old one read (its rows, its sites as filters, its page) is dropped at once. */
export const afresh = (event: CompanyChanged) => ({
  acting: event.companyId !== null, rows: [], total: 0, offset: 0, filters: {}, active: -1, listFailure: null, notice: null,
});

/** A machine's config as the pruning reads it: regions with their transitions and states. */
export type ConfigPart = { on?: Record<string, unknown>; states?: Record<string, ConfigPart>; always?: unknown; invoke?: unknown };

/**
 * The config of a list that needs no company: no company watch (the root's only invoke), no `company.changed` in any
 * region, and no `noCompany` state nor the list's way there from loading.
 */
export function withoutCompanyPart<C extends ConfigPart>(config: C): C {
  const { invoke: _watch, ...rest } = config;
  const states = Object.entries(config.states ?? {}).map(([name, region]): [string, ConfigPart] => {
    const on = region.on && Object.fromEntries(Object.entries(region.on).filter(([type]) => type !== 'company.changed'));
    if (name !== 'list') return [name, { ...region, on }];
    const { noCompany: _none, loading, ...others } = region.states!;
    const { always: _always, ...load } = loading!;
    return [name, { ...region, on, states: { ...others, loading: load } }];
  });
  return { ...rest, states: Object.fromEntries(states) } as C;
}
