import { z } from 'zod';
import { auditApi } from '../api/audit.api';
import type { AuditEntry } from '../api/contract/audit';
import { listAndFormMachine } from './list-and-form.machine';

/**
 * The audit log: the list part of the list-and-form machine (filter, the shadow and time filters as `list.where`,
 * sort, paging); the api has no writes, so its form never opens.
 */
export const auditLogMachine = listAndFormMachine<AuditEntry, Record<string, never>, never>({
  id: 'auditLog',
  api: auditApi,
  schema: z.never(),
  blank: () => ({}),
  valuesOf: () => ({}),
  toInput: () => undefined as never,
  nameOf: (e) => e.action,
  defaultSort: '-at',
  filters: ['shadow'],
  pageSize: 100,
});
