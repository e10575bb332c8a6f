import { assertEvent, assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { ExportJob, ExportKind } from '../api/contract/exports';
import type { ReadingsRequest } from '../api/contract/monitoring';
import type { I18nKey } from '../i18n';
import { failureOf, type Failure } from './failure';
import { downloadFile } from './save-file';
import { apiModules } from '../api/lazy';

const api = apiModules.exports;

/** docs/product.md, Exports: an export job is Pending, then Sent or Error; the transitions come from the server's worker. */
export type ExportStatus = ExportJob['status'];

export interface ExportsContext {
  /** The caller's jobs, newest first. */
  jobs: ExportJob[];
  listFailure: Failure | null;
  requestFailure: Failure | null;
  /** The job being downloaded. */
  downloading: string | null;
  downloadFailure: Failure | null;
  /** A job asked for in this tab: its end is announced (the mail is on its way, or why it failed). */
  mine: string[];
}

export type ExportsEvent =
  /** A session with a company began: read its jobs. */
  | { type: 'exports.load' }
  | { type: 'exports.clear' }
  /** The site dashboard's Export: the current query, as the readings or min–max call. */
  | { type: 'exports.request'; siteId: string; kind: ExportKind; query: ReadingsRequest }
  /** A job as the live stream announced it. */
  | { type: 'exports.update'; job: ExportJob }
  /** The stream came back after a gap: what moved meanwhile is read again. */
  | { type: 'exports.resumed' }
  | { type: 'exports.download'; id: string };

export type ExportsEmitted = { type: 'notice'; level: 'error' | 'info'; key: I18nKey; params?: Record<string, string | number> };

/** A job put in its place: replaced where it is, else first (the newest). */
export function upsertJob(jobs: readonly ExportJob[], job: ExportJob): ExportJob[] {
  const at = jobs.findIndex((j) => j.id === job.id);
  if (at < 0) return [job, ...jobs];
  // A late message must not move a finished job back (the stream and a list read can cross).
  if (jobs[at]!.status !== 'Pending' && job.status === 'Pending') return [...jobs];
  return jobs.map((j, i) => (i === at ? job : j));
}

/**
 * A fresh list read, keeping what the stream already said: a read that left the server before a job ended must not
 * move it back to Pending when it arrives after the job's end.
 */
export function mergeListed(known: readonly ExportJob[], listed: readonly ExportJob[]): ExportJob[] {
  return listed.map((job) => {
    const before = known.find((j) => j.id === job.id);
    return before && before.status !== 'Pending' && job.status === 'Pending' ? before : job;
  });
}

const announcement = (job: ExportJob): ExportsEmitted =>
  job.status === 'Sent'
    ? { type: 'notice', level: 'info', key: 'exports.notice.sent', params: { rows: job.rowCount ?? 0 } }
    : { type: 'notice', level: 'error', key: 'exports.notice.error' };

/**
 * The export jobs of the signed-in user (docs/product.md, Exports), one for the app: asked for from
 * the site dashboard, moved by the live stream (progress, then Sent or Error), listed with their progress, and
 * downloaded signed in. A job this tab asked for is announced when it ends, wherever the user is by then.
 */
export const exportsMachine = setup({
  types: { context: {} as ExportsContext, events: {} as ExportsEvent, emitted: {} as ExportsEmitted },
  actors: {
    fetchJobs: fromPromise<ExportJob[]>(async () => (await (await api()).listExportJobs()).data),
    sendRequest: fromPromise<ExportJob, { siteId: string; kind: ExportKind; query: ReadingsRequest }>(async ({ input }) => {
      const a = await api();
      const { id } = await a.requestExport(input.siteId, input.kind, input.query);
      return a.exportJobDetail(id);
    }),
    download: fromPromise<string, { id: string }>(async ({ input }) => {
      const a = await api();
      return downloadFile(() => a.exportJobFile(input.id));
    }),
  },
  actions: {
    upsert: assign(({ context, event }) => {
      assertEvent(event, 'exports.update');
      return { jobs: upsertJob(context.jobs, event.job) };
    }),
    /*
     * A job of this tab's ends however its end is learnt: a stream message, a list read after the stream (re)opened
     * (the job may end before the stream is open), or the request's own read when the job was already done.
     */
    announceEnded: enqueueActions(({ context, enqueue }) => {
      const ended = context.jobs.filter((j) => context.mine.includes(j.id) && j.status !== 'Pending');
      if (ended.length === 0) return;
      for (const job of ended) enqueue.emit(announcement(job));
      enqueue.assign({ mine: context.mine.filter((id) => !ended.some((j) => j.id === id)) });
    }),
  },
}).createMachine({
  id: 'exports',
  context: { jobs: [], listFailure: null, requestFailure: null, downloading: null, downloadFailure: null, mine: [] },
  type: 'parallel',
  on: {
    'exports.update': { actions: ['upsert', 'announceEnded'] },
  },
  states: {
    list: {
      initial: 'idle',
      on: {
        'exports.load': { target: '.loading', reenter: true },
        'exports.resumed': { target: '.loading', reenter: true },
        'exports.clear': { target: '.idle', actions: assign({ jobs: [], listFailure: null, requestFailure: null, downloadFailure: null, mine: [] }) },
      },
      states: {
        idle: {},
        loading: {
          invoke: {
            src: 'fetchJobs',
            onDone: { target: 'ready', actions: [assign({ jobs: ({ context, event }) => mergeListed(context.jobs, event.output), listFailure: null }), 'announceEnded'] },
            onError: { target: 'failed', actions: assign({ listFailure: ({ event }) => failureOf(event.error) }) },
          },
        },
        ready: {},
        failed: {},
      },
    },
    request: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'exports.request': 'sending',
          },
        },
        sending: {
          entry: assign({ requestFailure: null }),
          invoke: {
            src: 'sendRequest',
            input: ({ event }) => {
              assertEvent(event, 'exports.request');
              return { siteId: event.siteId, kind: event.kind, query: event.query };
            },
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => ({ jobs: upsertJob(context.jobs, event.output), mine: [...context.mine, event.output.id] })),
                emit({ type: 'notice', level: 'info', key: 'exports.notice.queued' }),
                'announceEnded',
              ],
            },
            onError: { target: 'idle', actions: assign({ requestFailure: ({ event }) => failureOf(event.error) }) },
          },
        },
      },
    },
    file: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'exports.download': {
              target: 'downloading',
              actions: assign(({ event }) => ({ downloading: event.id, downloadFailure: null })),
            },
          },
        },
        downloading: {
          invoke: {
            src: 'download',
            input: ({ context }) => ({ id: context.downloading! }),
            onDone: { target: 'idle', actions: assign({ downloading: null }) },
            onError: { target: 'idle', actions: assign(({ event }) => ({ downloading: null, downloadFailure: failureOf(event.error) })) },
          },
        },
      },
    },
  },
});
