import { z } from 'zod';
import { companiesApi } from '../api/companies-admin.api';
import type { Company } from '../api/contract/company-admin';
import { listAndFormMachine } from './list-and-form.machine';

/**
 * My Companies (everyone): the companies `GET /api/companies` answers the session (all of them for a platform admin;
 * the shadowed company or user's own while shadowing), read-only. Through the resource's list call rather than the
 * switcher's copy, so the filter, sort and paging are the server's, as on every other list.
 */
export const myCompaniesMachine = listAndFormMachine<Company, Record<string, never>, never>({
  id: 'myCompanies',
  api: { list: companiesApi.list },
  schema: z.never(),
  blank: () => ({}),
  valuesOf: () => ({}),
  toInput: () => undefined as never,
  nameOf: (c) => c.name,
  defaultSort: 'name',
});
