import { companiesApi } from '../api/companies-admin.api';
import { companyChange, companyInput, type Company, type CompanyChange, type CompanyInput } from '../api/contract/company-admin';
import type { CustomerType } from '../api/contract/common';
import { listAndFormMachine } from './list-and-form.machine';

export interface CompanyValues {
  name: string;
  customerType: CustomerType;
  timezone: string;
}

/** Companies (admins): the list-and-form machine on `/api/companies`. */
export const companiesAdminMachine = listAndFormMachine<Company, CompanyValues, CompanyInput, CompanyChange>({
  id: 'companiesAdmin',
  api: companiesApi,
  schema: companyInput,
  blank: () => ({ name: '', customerType: 'UKE', timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' }),
  valuesOf: (c) => ({ name: c.name, customerType: c.customerType, timezone: c.timezone }),
  toInput: (v) => ({ name: v.name, customerType: v.customerType, timezone: v.timezone }),
  update: { schema: companyChange, toInput: (v) => ({ name: v.name, customerType: v.customerType, timezone: v.timezone }) },
  nameOf: (c) => c.name,
  defaultSort: 'name',
});
