import { IGNORE_LOADING_HEADER, request, requestList } from './client';
import { listAnswer, listSearchParams, type ListAnswer } from './contract/list';
import { alertEvent, type AlertEvent, type AlertEventAction, type AlertEventListQuery } from './contract/alerts';
import { z } from 'zod';

const page = listAnswer(alertEvent);
const one = (id: string) => `/api/alertevents/detail/${encodeURIComponent(id)}`;

/** The list filters, as the client sends them (offset and limit default on the server). */
export type AlertEventFilter = Partial<AlertEventListQuery>;

/** `GET /api/alertevents` (docs/product.md, Alerts): the company's events, newest first, with the total that match. */
export const listAlertEvents = (filter: AlertEventFilter, signal?: AbortSignal): Promise<ListAnswer<AlertEvent>> =>
  requestList(page, '/api/alertevents', { searchParams: listSearchParams(filter), signal });

/** `GET /api/alertevents/{nodeId}`: one node's events. */
export const nodeAlertEvents = (nodeId: string): Promise<AlertEvent[]> =>
  request(z.array(alertEvent), 'GET', `/api/alertevents/${encodeURIComponent(nodeId)}`);

/** `GET /api/alertevents/detail/{id}`. */
export const alertEventDetail = (id: string): Promise<AlertEvent> => request(alertEvent, 'GET', one(id));

/** `PUT /api/alertevents/detail/{id}`: acknowledge, comment, assign or resolve; answers the updated event. */
export const actOnAlertEvent = (id: string, action: AlertEventAction): Promise<AlertEvent> => request(alertEvent, 'PUT', one(id), { json: action });

/**
 * How many events wait for someone (state active), for the top bar's badge: the list's total, reading one row.
 * Quiet: it must not flash the loading bar every time an event moves.
 */
export const activeAlertCount = async (signal?: AbortSignal): Promise<number> =>
  (await requestList(page, '/api/alertevents', { searchParams: { state: 'active', limit: '1' }, signal, headers: { [IGNORE_LOADING_HEADER]: '1' } })).total;
