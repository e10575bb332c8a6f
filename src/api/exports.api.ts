import { IGNORE_LOADING_HEADER, request, requestFile, requestList, type ApiFile } from './client';
import { listAnswer, type ListAnswer } from './contract/list';
import { exportAccepted, exportJob, type ExportJob, type ExportKind } from './contract/exports';
import type { ReadingsRequest } from './contract/monitoring';

const enc = encodeURIComponent;

/** `POST /api/site-dashboard/{id}/export/readings` or `…/readings-minmax` (docs/product.md, Exports): a job, Pending. */
export const requestExport = (siteId: string, kind: ExportKind, query: ReadingsRequest): Promise<{ id: string; status: 'Pending' }> =>
  request(exportAccepted, 'POST', `/api/site-dashboard/${enc(siteId)}/export/${kind}`, { json: query });

/** `GET /api/export-jobs` (docs/product.md, Exports): the caller's jobs, newest first. Quiet: it re-reads as jobs move. */
export const listExportJobs = (): Promise<ListAnswer<ExportJob>> =>
  requestList(listAnswer(exportJob), '/api/export-jobs', { searchParams: { limit: '100', sort: '-createdAt' }, headers: { [IGNORE_LOADING_HEADER]: '1' } });

export const exportJobDetail = (id: string): Promise<ExportJob> => request(exportJob, 'GET', `/api/export-jobs/${enc(id)}`);

/** The finished CSV, signed in as its owner (the mail's link serves the same file without sign-in). */
export const exportJobFile = (id: string): Promise<ApiFile> => requestFile(`/api/export-jobs/${enc(id)}/download`, 'readings.csv');
