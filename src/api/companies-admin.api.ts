import { resourceApi } from './resource.api';
import { company, type Company, type CompanyChange, type CompanyInput } from './contract/company-admin';

/** `/api/companies` as a resource (admins write; everyone lists their own companies). */
export const companiesApi = resourceApi<Company, CompanyInput, CompanyChange>('companies', company);
