import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppDeps } from '../context';
import type { Db } from '../db/database';
import { insertExportJob, nextDueExportJob, updateExportJob, updatePendingExportJob, type ExportJobRow } from '../db/export-jobs.repository';
import { getSite } from '../db/sites.repository';
import { nodeAndSiteNames } from '../db/nodes.repository';
import { activeMembersAmong, mailAddressesOf } from '../db/users.repository';
import { mailLinkBase } from '../auth/passwords.service';
import { feedsOfSite } from '../monitoring/site-access';
import { mailLanguage } from '../mail/language';
import { exportReadyMail } from './export-mail';
import { estimateRows, writeExport, type ExportFeed } from './csv-export';
import type { ExportJob } from '../../src/api/contract/exports';
import type { ReadingsRequest } from '../../src/api/contract/monitoring';

/** A worker holds a job this long between progress reports; a crashed worker's job is taken up again after it. */
export const EXPORT_LEASE_MS = 60_000;
/** The lease of this server: EXPORT_LEASE_S, so the crash test need not wait a minute for a dead worker's job. */
const leaseMs = (deps: Pick<AppDeps, 'config'>) => deps.config.EXPORT_LEASE_S * 1000;
/** Tries before a job is given up with its reason. */
export const EXPORT_MAX_ATTEMPTS = 3;
/** docs/product.md, Exports: the mailed link is valid for 7 days. */
export const EXPORT_LINK_TTL_MS = 7 * 86_400_000;

export type { ExportJobRow };

export const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');
const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export const exportView = (r: ExportJobRow): ExportJob => ({
  id: r.id, siteId: r.siteId, kind: r.kind, status: r.status, progress: Number(r.progress), rowCount: r.rowCount === null ? null : Number(r.rowCount),
  error: r.error, createdAt: iso(Number(r.createdAt))!, sentAt: iso(r.sentAt === null ? null : Number(r.sentAt)),
});

export const exportsDir = (deps: Pick<AppDeps, 'config'>) => path.resolve(deps.config.DATA_DIR, 'exports');

/**
 * Queues a job. `recipients` (a schedule's members) are mailed the link instead of the owner; `scheduleId` names the
 * schedule that queued it. Every job, asked for or scheduled, goes through this one queue and worker.
 */
export async function createExportJob(
  db: Db,
  job: { companyId: string; siteId: string; userId: string; kind: ExportJobRow['kind']; query: ReadingsRequest; recipients?: string[]; scheduleId?: string },
  now: number,
): Promise<ExportJobRow> {
  const row: ExportJobRow = {
    id: crypto.randomUUID(), companyId: job.companyId, siteId: job.siteId, userId: job.userId, kind: job.kind, query: JSON.stringify(job.query),
    status: 'Pending', progress: 0, rowCount: null, error: null, fileName: null, attempts: 0, leaseUntil: null, notBefore: now,
    tokenHash: null, tokenExpiresAt: null, createdAt: now, sentAt: null,
    recipients: job.recipients ? JSON.stringify(job.recipients) : null, scheduleId: job.scheduleId ?? null,
  };
  await insertExportJob(db, row);
  return row;
}

/** The next job due, claimed with a lease (PostgreSQL instances skip what another is claiming). */
async function claimNext(deps: AppDeps, now: number): Promise<ExportJobRow | null> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await nextDueExportJob(trx, deps.dialect, now);
    if (!row) return null;
    const leaseUntil = now + leaseMs(deps);
    await updateExportJob(trx, row.id, { leaseUntil, attempts: Number(row.attempts) + 1 });
    return { ...row, attempts: Number(row.attempts) + 1, leaseUntil };
  });
}

/**
 * Whom a finished job's link is mailed to: its owner, or a schedule's recipients who are still active members of the
 * job's company when it runs (someone removed since the schedule was made gets no more of its data).
 */
async function mailedTo(db: Db, row: ExportJobRow): Promise<{ email: string; locale: string }[]> {
  if (row.recipients === null) return mailAddressesOf(db, [row.userId]);
  const ids = JSON.parse(row.recipients) as string[];
  const active = (await activeMembersAmong(db, row.companyId, ids)).map((m) => m.userId);
  const users = active.length ? await mailAddressesOf(db, active) : [];
  const byId = new Map(users.map((u) => [u.id, u]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** To the job's owner only: another member of the company may not see whose export of which site ran, nor its size. */
const announce = (deps: AppDeps, row: ExportJobRow) =>
  void deps.live.publish([{ kind: 'export', companyId: row.companyId, siteId: row.siteId, userId: row.userId, data: exportView(row) }]);

/**
 * Builds one job's CSV, then in one statement marks it Sent with a link valid 7 days, then mails the link. Marking
 * before mailing means a crash can never mail twice: at worst the mail is lost, and the exports list still offers the
 * file. A failure is tried again (a minute, then four) and after EXPORT_MAX_ATTEMPTS becomes Error with its reason.
 */
async function runJob(deps: AppDeps, row: ExportJobRow, now: () => number): Promise<ExportJobRow> {
  const { db } = deps;
  const dir = exportsDir(deps);
  const fileName = `${row.id}.csv`;
  try {
    const query = JSON.parse(row.query) as ReadingsRequest;
    const site = await getSite(db, row.siteId);
    const feeds = await feedsOfSite(db, site, query.feedIds, query.nodeIds);
    const names = feeds.length
      ? await nodeAndSiteNames(db, feeds.map((f) => f.nodeId))
      : [];
    const byNode = new Map(names.map((n) => [n.id, n]));
    const exportFeeds: ExportFeed[] = feeds.map((f) => ({ ...f, nodeName: byNode.get(f.nodeId)?.name ?? '', siteName: byNode.get(f.nodeId)?.siteName ?? site.name }));
    const view = row.kind === 'readings-minmax' ? { ...query, dataViewType: 'MinMax' as const } : query;
    const total = await estimateRows(db, exportFeeds, view, site.timezone);
    fs.mkdirSync(dir, { recursive: true });
    const partial = path.join(dir, `${fileName}.part`);
    let reported = 0;
    const rows = await writeExport(db, exportFeeds, view, site.timezone, partial, async (written) => {
      // A progress report also renews the lease, at most every second: the job is alive.
      if (now() - reported < 1_000) return;
      reported = now();
      const progress = total > 0 ? Math.min(0.99, written / total) : 0;
      await updateExportJob(db, row.id, { progress, leaseUntil: now() + leaseMs(deps) });
      announce(deps, { ...row, progress });
    });
    fs.renameSync(partial, path.join(dir, fileName));
    const token = crypto.randomBytes(32).toString('base64url');
    const sentAt = now();
    const done = await updatePendingExportJob(db, row.id, {
      status: 'Sent', progress: 1, rowCount: rows, fileName, error: null, leaseUntil: null, tokenHash: tokenHash(token), tokenExpiresAt: sentAt + EXPORT_LINK_TTL_MS, sentAt,
    });
    const sent: ExportJobRow = { ...row, status: 'Sent', progress: 1, rowCount: rows, fileName, error: null, sentAt };
    if (!done) return sent;
    announce(deps, sent);
    const link = `${mailLinkBase(deps.config)}/api/export-jobs/${row.id}/file?token=${token}`;
    for (const user of await mailedTo(db, row)) {
      await deps.mailer
        .send({ to: user.email, ...exportReadyMail(mailLanguage(user.locale), { site: site.name, rows, link, kind: row.kind }) })
        .catch((e: unknown) => console.error(`exports: mail for ${row.id} failed (${e instanceof Error ? e.message : String(e)})`));
    }
    return sent;
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    const last = row.attempts >= EXPORT_MAX_ATTEMPTS;
    const next: Partial<ExportJobRow> = last
      ? { status: 'Error', error: reason, leaseUntil: null }
      : { error: reason, leaseUntil: null, notBefore: now() + 60_000 * row.attempts ** 2 };
    await updateExportJob(db, row.id, next);
    const failed = { ...row, ...next } as ExportJobRow;
    if (last) announce(deps, failed);
    return failed;
  }
}

/** One pass of the export worker: every job due, one after another. Answers the jobs it finished or gave up. */
export async function exportTick(deps: AppDeps, now: () => number = () => deps.auth.now()): Promise<ExportJobRow[]> {
  const out: ExportJobRow[] = [];
  for (;;) {
    const job = await claimNext(deps, now());
    if (!job) return out;
    out.push(await runJob(deps, job, now));
  }
}
