import { z } from 'zod';
import { id } from './common';
import { streamExport } from './stream';
import { listQuery } from './list';

/** docs/product.md, Exports: a job as `GET /api/export-jobs` and the live stream answer it. */
export const exportJob = streamExport;
export type ExportJob = z.infer<typeof exportJob>;
export const exportKind = z.enum(['readings', 'readings-minmax']);
export type ExportKind = z.infer<typeof exportKind>;

/** `POST …/export/readings` and `…/export/readings-minmax` answer 202 with the job, Pending. */
export const exportAccepted = z.object({ id, status: z.literal('Pending') });

export const EXPORT_JOB_SORTS = ['createdAt'] as const;
export const exportJobListQuery = listQuery(EXPORT_JOB_SORTS).extend({ siteId: id.optional() });
