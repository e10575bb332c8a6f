import { badRequest } from '../errors';
import { DEFAULT_MAX_POINTS } from './readings';
import { INTERVALS, INTERVAL_MS, type ReadingsRequest } from '../../src/api/contract/monitoring';

/** docs/product.md, Readings: the most points one readings call answers. */
export const MAX_POINTS_PER_CALL = 200_000;

/**
 * The point budget of a readings call (docs/product.md, Readings): feeds × buckets, or feeds × maxPoints for RawData without
 * aggregation. Past it, a 400 that names a coarser interval that would fit (or, for raw points, maxPoints).
 */
export function checkPointBudget(q: ReadingsRequest, feedCount: number): void {
  const span = Date.parse(q.to) - Date.parse(q.from);
  const buckets = (interval: ReadingsRequest['interval']) => Math.ceil(span / INTERVAL_MS[interval]);
  const raw = q.dataViewType === 'RawData' && q.aggregation === undefined;
  const points = feedCount * (raw ? (q.maxPoints ?? DEFAULT_MAX_POINTS) : buckets(q.interval));
  if (points <= MAX_POINTS_PER_CALL) return;
  const limit = MAX_POINTS_PER_CALL.toLocaleString('en');
  if (raw) {
    const message = `asks for ${points.toLocaleString('en')} points (feeds × maxPoints), more than ${limit}: ask for fewer points or fewer feeds`;
    throw badRequest(`maxPoints: ${message}`, [{ path: 'maxPoints', message, code: 'too_big', limit: MAX_POINTS_PER_CALL }]);
  }
  const coarser = INTERVALS.find((i) => INTERVAL_MS[i] > INTERVAL_MS[q.interval] && feedCount * buckets(i) <= MAX_POINTS_PER_CALL);
  const message = `asks for ${points.toLocaleString('en')} points (feeds × buckets), more than ${limit}: ${coarser ? `choose ${coarser} or coarser` : 'choose fewer feeds or a shorter range'}`;
  throw badRequest(`interval: ${message}`, [{ path: 'interval', message, code: 'too_big', limit: MAX_POINTS_PER_CALL, ...(coarser ? { reason: coarser } : {}) }]);
}

