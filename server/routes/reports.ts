import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditRequest, claimsOf, type AppDeps } from '../context';
import { forbidden, parse } from '../errors';
import { findSite } from '../db/sites.repository';
import { mayAct, visibleSite } from '../auth/site-scope';
import { findReportRow } from '../db/fridge-reports.repository';
import { createReport, listReports, reportNotFound, reportView, submitReport, updateReport } from '../reports/fridge-reports';
import { reportCsv } from '../reports/fridge-csv';
import { reportPdf } from '../reports/fridge-pdf';
import { id } from '../../src/api/contract/common';
import { createFridgeReport, updateFridgeReport } from '../../src/api/contract/reports';
import { emptyRequest } from '../../src/api/contract/auth';

const idParams = z.object({ id });

/**
 * Medication fridge compliance reports (docs/product.md, Reports): a site's list, add (one per fridge and month),
 * read, update while draft, submit (then read-only, with its own copy of its rows), and the PDF and CSV. Another
 * company's site or report is the same 404 as an unknown one; every change is audited.
 */
export async function reportRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const now = () => deps.auth.now();

  /** The report behind an id with its site and the caller's role there; foreign and unknown are the same 404. */
  const reportOf = async (req: FastifyRequest) => {
    const { id: reportId } = parse(idParams, req.params);
    const row = await findReportRow(db, reportId);
    const site = row ? await findSite(db, row.siteId) : undefined;
    if (!row || !site) throw reportNotFound();
    const { role } = await visibleSite(db, claimsOf(req), site.id).catch(() => {
      throw reportNotFound();
    });
    return { row, site, role };
  };
  const detail = (row: { nodeId: string; period: string; id: string }) => `medication fridge report ${row.period} of node ${row.nodeId} (${row.id})`;

  app.get('/api/site-dashboard/:id/medication-fridge-reports', async (req) => {
    const { id: siteId } = parse(idParams, req.params);
    const { site } = await visibleSite(db, claimsOf(req), siteId);
    const data = await listReports(db, site.id);
    return { data, total: data.length };
  });

  app.post('/api/site-dashboard/:id/medication-fridge-reports', async (req, reply) => {
    const { id: siteId } = parse(idParams, req.params);
    const body = parse(createFridgeReport, req.body);
    const { site, role } = await visibleSite(db, claimsOf(req), siteId);
    if (!mayAct(role)) throw forbidden();
    const row = await createReport(db, site, body, claimsOf(req).sub, now());
    await auditRequest(db, req, { companyId: site.companyId, action: 'reports.create', detail: detail(row) });
    return reply.code(201).send({ data: await reportView(db, row, site, now()) });
  });

  app.get('/api/medication-fridge-reports/:id', async (req) => {
    const { row, site } = await reportOf(req);
    return { data: await reportView(db, row, site, now()) };
  });

  app.put('/api/medication-fridge-reports/:id', async (req) => {
    const body = parse(updateFridgeReport, req.body);
    const { row, site, role } = await reportOf(req);
    if (!mayAct(role)) throw forbidden();
    await updateReport(db, row, body, now());
    await auditRequest(db, req, { companyId: site.companyId, action: 'reports.update', detail: detail(row) });
    return { data: await reportView(db, (await findReportRow(db, row.id))!, site, now()) };
  });

  app.post('/api/medication-fridge-reports/:id/submit', async (req) => {
    // No fields: an empty object (or no body), like every body-less write, so a stray field is named, not ignored.
    parse(emptyRequest, req.body);
    const { row, site, role } = await reportOf(req);
    if (!mayAct(role)) throw forbidden();
    await submitReport(db, row, site, claimsOf(req).sub, now());
    await auditRequest(db, req, { companyId: site.companyId, action: 'reports.submit', detail: detail(row) });
    return { data: await reportView(db, (await findReportRow(db, row.id))!, site, now()) };
  });

  app.get('/api/medication-fridge-reports/:id/csv', async (req, reply) => {
    const { row, site } = await reportOf(req);
    const report = await reportView(db, row, site, now());
    return reply
      .header('Content-Disposition', `attachment; filename="fridge-log-${report.period}-${row.id.slice(0, 8)}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(reportCsv(report));
  });

  app.get('/api/medication-fridge-reports/:id/pdf', async (req, reply) => {
    const { row, site } = await reportOf(req);
    const report = await reportView(db, row, site, now());
    return reply
      .header('Content-Disposition', `attachment; filename="fridge-log-${report.period}-${row.id.slice(0, 8)}.pdf"`)
      .type('application/pdf')
      .send(await reportPdf(report));
  });
}
