import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditRequest, claimsOf, PUBLIC, type AppDeps } from '../context';
import { badRequest, forbidden, notFound, parse } from '../errors';
import { visibleSite, sitePermission, requireTokenCompany } from '../auth/site-scope';
import { feedsOfSite } from '../monitoring/site-access';
import { createExportJob, exportsDir, exportView, tokenHash } from '../exports/export-jobs';
import { findExportJob, jobsOf, type ExportJobRow } from '../db/export-jobs.repository';
import { id } from '../../src/api/contract/common';
import { readingsRequest } from '../../src/api/contract/monitoring';
import { exportJobListQuery } from '../../src/api/contract/exports';

const idParams = z.object({ id });
const tokenQuery = z.object({ token: z.string().min(20).max(100) });

/**
 * Exports (docs/product.md, Exports): the site dashboard's two export calls queue a job (202, Pending) that the
 * worker builds, stores and mails; the caller's jobs list with progress; the file by the mailed link (no sign-in, 7 days)
 * or, signed in, by its owner.
 */
export async function exportRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;

  const queue = (kind: ExportJobRow['kind']) => async (req: FastifyRequest, reply: FastifyReply) => {
    const { id: siteId } = parse(idParams, req.params);
    const query = parse(readingsRequest, req.body);
    if (query.feedIds === undefined && query.nodeIds === undefined) {
      throw badRequest('feedIds: give feedIds or nodeIds', [{ path: 'feedIds', message: 'give feedIds or nodeIds' }]);
    }
    const { site, role } = await visibleSite(db, claimsOf(req), siteId);
    if (!sitePermission(role).export) throw forbidden();
    // The feeds are checked now, as the readings call checks them: another company's id is refused, not queued.
    await feedsOfSite(db, site, query.feedIds, query.nodeIds);
    const row = await createExportJob(db, { companyId: site.companyId, siteId: site.id, userId: claimsOf(req).sub, kind, query }, deps.auth.now());
    await auditRequest(db, req, { companyId: site.companyId, action: 'exports.create', detail: `${kind} export of ${site.name} (${row.id})` });
    return reply.code(202).send({ data: { id: row.id, status: 'Pending' } });
  };
  app.post('/api/site-dashboard/:id/export/readings', queue('readings'));
  app.post('/api/site-dashboard/:id/export/readings-minmax', queue('readings-minmax'));

  /** The caller's own jobs in the token's company, newest first. */
  app.get('/api/export-jobs', async (req) => {
    const { companyId } = await requireTokenCompany(db, claimsOf(req));
    const q = parse(exportJobListQuery, req.query);
    const { rows, total } = await jobsOf(db, { companyId, userId: claimsOf(req).sub }, q);
    return { data: rows.map(exportView), total };
  });

  const ownJob = async (req: FastifyRequest) => {
    const { id: jobId } = parse(idParams, req.params);
    const { companyId } = await requireTokenCompany(db, claimsOf(req));
    const row = await findExportJob(db, jobId);
    if (!row || row.companyId !== companyId || row.userId !== claimsOf(req).sub) throw notFound('No such export');
    return row;
  };

  app.get('/api/export-jobs/:id', async (req) => ({ data: exportView(await ownJob(req)) }));

  const sendFile = (reply: FastifyReply, row: ExportJobRow) => {
    const file = row.fileName ? path.join(exportsDir(deps), row.fileName) : null;
    if (row.status !== 'Sent' || !file || !fs.existsSync(file)) throw notFound('The file is not there (yet)');
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="readings-${row.kind}-${row.id.slice(0, 8)}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(fs.createReadStream(file));
  };

  /** The mailed link: no sign-in, this job only, until the token expires. */
  app.get('/api/export-jobs/:id/file', PUBLIC, async (req, reply) => {
    const { id: jobId } = parse(idParams, req.params);
    // Any problem with the token is the same answer as an unknown job: the link says nothing about what exists.
    const token = tokenQuery.safeParse(req.query).data?.token;
    const row = token ? await findExportJob(db, jobId) : undefined;
    if (!row || !token || row.tokenHash !== tokenHash(token) || Number(row.tokenExpiresAt ?? 0) < deps.auth.now()) throw notFound('This link is not valid (any more)');
    return sendFile(reply, row);
  });

  /** The same file for its owner, signed in (the exports list's download). */
  app.get('/api/export-jobs/:id/download', async (req, reply) => sendFile(reply, await ownJob(req)));
}
