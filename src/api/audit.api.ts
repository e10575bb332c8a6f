import { requestList } from './client';
import { listAnswer, listSearchParams, type ListAnswer } from './contract/list';
import { auditEntry, type AuditEntry } from './contract/audit';
import type { ListRequest } from './resource.api';

const page = listAnswer(auditEntry);

/** `GET /api/audit` (docs/product.md, Management): admins read every entry, managers their company's. A list only: the log is not edited. */
export const auditApi = {
  list: (params: ListRequest, signal?: AbortSignal): Promise<ListAnswer<AuditEntry>> => requestList(page, '/api/audit', { searchParams: listSearchParams(params), signal }),
};
