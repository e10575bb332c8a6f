import { exportScheduleInput, type ExportSchedule, type ScheduleEvery } from '../api/contract/export-schedules';
import type { ExportKind } from '../api/contract/exports';
import { apiModules } from '../api/lazy';
import { listAndFormMachine, type ListAndFormActor } from './list-and-form.machine';
import { readingsQuery, type SiteView } from './site-view';

const api = apiModules.exportSchedules;
const usersApi = apiModules.users;

/** The site a schedule repeats the export of, with the dashboard's chart as it is when the section opens. */
export interface ScheduleSite {
  siteId: string;
  /** The site dashboard's chart: what each run exports, over the period that just ended. */
  view: SiteView;
  maxPoints: number;
}

export interface ScheduleValues {
  every: ScheduleEvery;
  /** Member ids. */
  recipients: string[];
}

/** What the form chooses; the rest of the body is the site's chart (`scheduleBody`). */
type ScheduleChoice = Pick<ExportSchedule, 'every' | 'recipients'>;
const scheduleChoice = exportScheduleInput.pick({ every: true, recipients: true });

const kindOf = (view: SiteView): ExportKind => (view.dataViewType === 'MinMax' ? 'readings-minmax' : 'readings');

/** The body of a new schedule: the chart's query as the site dashboard's Export would send it now. */
export const scheduleBody = (c: ScheduleSite & ScheduleChoice, now: number) => ({
  siteId: c.siteId,
  kind: kindOf(c.view),
  query: readingsQuery(c.view, now, c.maxPoints),
  every: c.every,
  recipients: c.recipients,
});

/**
 * A site's scheduled exports (docs/product.md, Exports, managers): the list-and-form machine on `/api/export-schedules`
 * for one site (its scope), with an inline form: the chart's data mailed every week or month to chosen members
 * through the same export jobs; listed with their next run, deleted after a confirmation.
 */
export const exportSchedulesMachine = listAndFormMachine<ExportSchedule, ScheduleValues, ScheduleChoice, ScheduleChoice, ExportSchedule, ScheduleSite>({
  id: 'exportSchedules',
  api: (site) => ({
    list: async (request, signal) => (await api()).exportSchedulesApi.list({ ...request, siteId: site.siteId }, signal),
    create: async (choice) => (await api()).exportSchedulesApi.create(scheduleBody({ ...site, ...choice }, Date.now())),
    remove: async (id) => (await api()).exportSchedulesApi.remove(id),
  }),
  schema: scheduleChoice,
  blank: () => ({ every: 'week', recipients: [] }),
  valuesOf: (s) => ({ every: s.every, recipients: s.recipients }),
  toInput: (v) => ({ every: v.every, recipients: v.recipients }),
  nameOf: (s) => s.name,
  fieldKeys: { recipients: { too_small: 'schedules.chooseRecipients' } },
  defaultSort: 'nextRunAt',
  inline: true,
  notices: { created: 'schedules.done.created', removed: 'schedules.done.deleted' },
  lookups: {
    // The members who can be mailed: every enabled member of the company (at most 1,000, the list call's largest page).
    members: async () => {
      const users = await (await usersApi()).usersApi.list({ limit: 1000, sort: 'name' });
      return users.data.filter((x) => !('disabled' in x && x.disabled)).map((x) => ({ value: x.id, label: x.name ? `${x.name} (${x.email})` : x.email }));
    },
  },
});

export type ExportSchedulesActor = ListAndFormActor<ExportSchedule, ScheduleValues, ScheduleChoice, ScheduleChoice, ExportSchedule, ScheduleSite>;
