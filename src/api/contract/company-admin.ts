import { z } from 'zod';
import { customerType, id } from './common';
import { listQuery } from './list';
import { timeZone } from './sites';

const companyFields = {
  name: z.string().trim().min(1, 'is required').max(200),
  customerType,
  timezone: timeZone,
};

/** `POST /api/companies` (docs/product.md, Management); names are unique. */
export const companyInput = z.object(companyFields).strict();
export type CompanyInput = z.input<typeof companyInput>;

/** `PUT /api/companies/{id}`: the fields to change; one left out keeps its value. */
export const companyChange = z.object(companyFields).partial().strict();
export type CompanyChange = z.input<typeof companyChange>;

/**
 * A company as `GET /api/companies` answers it: the `{ id, name, customerType }` every client already reads (My
 * Companies, the company switcher), plus what the admins' management screen shows.
 */
export const company = z.object({
  id,
  name: z.string(),
  customerType,
  timezone: z.string(),
  siteCount: z.number().int().min(0),
  /** Memberships, invitations and disabled ones included: each is someone the company would lose. */
  userCount: z.number().int().min(0),
});
export type Company = z.infer<typeof company>;

export const COMPANY_SORTS = ['name', 'customerType', 'timezone', 'siteCount', 'userCount'] as const;
export const companyListQuery = listQuery(COMPANY_SORTS);
export type CompanyListQuery = z.output<typeof companyListQuery>;
