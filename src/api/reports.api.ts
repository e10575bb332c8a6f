import { request, requestFile, requestList, type ApiFile } from './client';
import { listAnswer } from './contract/list';
import { fridgeReport, fridgeReportSummary, type CreateFridgeReport, type FridgeReport, type FridgeReportSummary, type UpdateFridgeReport } from './contract/reports';

const enc = encodeURIComponent;
const one = (id: string) => `/api/medication-fridge-reports/${enc(id)}`;

/** `GET /api/site-dashboard/{id}/medication-fridge-reports` (docs/product.md, Reports): a site's reports. */
export const listFridgeReports = async (siteId: string): Promise<FridgeReportSummary[]> =>
  (await requestList(listAnswer(fridgeReportSummary), `/api/site-dashboard/${enc(siteId)}/medication-fridge-reports`)).data;

/** `POST …/medication-fridge-reports` `{ nodeId, period }`: the new draft; 409 `exists` names the one there is. */
export const addFridgeReport = (siteId: string, body: CreateFridgeReport): Promise<FridgeReport> =>
  request(fridgeReport, 'POST', `/api/site-dashboard/${enc(siteId)}/medication-fridge-reports`, { json: body });

export const fridgeReportDetail = (id: string): Promise<FridgeReport> => request(fridgeReport, 'GET', one(id));

/** `PUT /api/medication-fridge-reports/{id}`: the checks and excursion notes people entered. */
export const updateFridgeReport = (id: string, body: UpdateFridgeReport): Promise<FridgeReport> => request(fridgeReport, 'PUT', one(id), { json: body });

/** `POST …/{id}/submit`: the report, read-only from now on. */
export const submitFridgeReport = (id: string): Promise<FridgeReport> => request(fridgeReport, 'POST', `${one(id)}/submit`);

/** The report as a signed PDF or as CSV, from the server. */
export const fridgeReportFile = (id: string, format: 'pdf' | 'csv'): Promise<ApiFile> => requestFile(`${one(id)}/${format}`, `fridge-log.${format}`);
