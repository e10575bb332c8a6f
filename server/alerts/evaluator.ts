/**
 * The alert evaluator: a pure function from (rule, what it knew of a feed, new readings) to (what it knows now, the
 * event changes). The ingest transaction calls it with the readings it has just stored, so an event exists exactly
 * when its readings are committed; a timer calls `evaluateSilence` for `no_data` and `escalationsDue` for escalation.
 *
 * Semantics (docs/decisions.md, "Alerts"):
 * - A breach is a value past a threshold (above: > high; below: < low; outside: either).
 * - A breach must hold for `forMinutes` (every reading of the run breaching, from its first to the one that fires)
 *   before an event opens; the event starts at the run's first reading. A non-breaching reading cancels a pending run.
 * - An open event ends only on a reading that is clear by `clearBy` (above: ≤ high − clearBy; below: ≥ low + clearBy;
 *   outside: both), so a value wobbling around its limit does not flap; values in between keep it open.
 * - The peak is the worst value from the run's start to the end (furthest past the threshold).
 * - Readings are taken in time order within a batch; one not newer than the newest already evaluated for the feed
 *   (late or repeated) is stored by ingest but changes nothing here: a notification already sent is not undone.
 */

export type ThresholdCondition = 'above' | 'below' | 'outside';

export interface ThresholdRule {
  condition: ThresholdCondition;
  low: number | null;
  high: number | null;
  forMinutes: number;
  /** Hysteresis in the feed's unit, ≥ 0. */
  clearBy: number;
}

export interface EvaluatedReading {
  /** Epoch milliseconds. */
  ts: number;
  value: number;
}

/** What the evaluator keeps per (rule, feed) between calls. */
export type FeedAlertState =
  | { phase: 'clear'; lastTs: number | null }
  | { phase: 'pending' | 'open'; lastTs: number; since: number; peak: number };

export type AlertChange =
  /** `at` is the reading that fired it; `peak` the worst value so far (later worse values in the same call included). */
  | { kind: 'opened'; startedAt: number; at: number; value: number; peak: number }
  | { kind: 'peak'; peak: number; at: number }
  | { kind: 'ended'; endedAt: number; value: number };

export const CLEAR: FeedAlertState = { phase: 'clear', lastTs: null };

const MINUTE = 60_000;

/** How far past the threshold a value is (> 0 breaches). */
export function excess(rule: ThresholdRule, value: number): number {
  const over = rule.high === null ? -Infinity : value - rule.high;
  const under = rule.low === null ? -Infinity : rule.low - value;
  if (rule.condition === 'above') return over;
  if (rule.condition === 'below') return under;
  return Math.max(over, under);
}

export const breaches = (rule: ThresholdRule, value: number): boolean => excess(rule, value) > 0;

/** Clear with room to spare: at least `clearBy` inside every threshold the condition watches. */
export const clears = (rule: ThresholdRule, value: number): boolean => excess(rule, value) <= -rule.clearBy;

/** The worse of two values for this rule (the first on a tie, so the peak keeps its earliest time). */
export const worse = (rule: ThresholdRule, a: number, b: number): number => (excess(rule, b) > excess(rule, a) ? b : a);

export function evaluate(
  rule: ThresholdRule,
  state: FeedAlertState,
  readings: readonly EvaluatedReading[],
): { state: FeedAlertState; changes: AlertChange[] } {
  const sorted = [...readings].sort((a, b) => a.ts - b.ts);
  const forMs = rule.forMinutes * MINUTE;
  const changes: AlertChange[] = [];
  let s = state;
  for (const r of sorted) {
    if (s.lastTs !== null && r.ts <= s.lastTs) continue;
    if (s.phase === 'open') {
      if (clears(rule, r.value)) {
        changes.push({ kind: 'ended', endedAt: r.ts, value: r.value });
        s = { phase: 'clear', lastTs: r.ts };
        continue;
      }
      const peak = worse(rule, s.peak, r.value);
      if (peak !== s.peak) notePeak(changes, peak, r.ts);
      s = { ...s, lastTs: r.ts, peak };
      continue;
    }
    if (!breaches(rule, r.value)) {
      s = { phase: 'clear', lastTs: r.ts };
      continue;
    }
    const since = s.phase === 'pending' ? s.since : r.ts;
    const peak = s.phase === 'pending' ? worse(rule, s.peak, r.value) : r.value;
    if (r.ts - since >= forMs) {
      changes.push({ kind: 'opened', startedAt: since, at: r.ts, value: r.value, peak });
      s = { phase: 'open', lastTs: r.ts, since, peak };
    } else {
      s = { phase: 'pending', lastTs: r.ts, since, peak };
    }
  }
  return { state: s, changes };
}

/** One write per event and call: a new peak folds into the change before it when that change is the same event's. */
function notePeak(changes: AlertChange[], peak: number, at: number) {
  const last = changes[changes.length - 1];
  if (last?.kind === 'opened') changes[changes.length - 1] = { ...last, peak };
  else if (last?.kind === 'peak') changes[changes.length - 1] = { kind: 'peak', peak, at };
  else changes.push({ kind: 'peak', peak, at });
}

/** `no_data` per (rule, feed): silent since `lastTs` (or since the rule began watching, when nothing ever came). */
export type SilenceState = { phase: 'clear' | 'open'; lastTs: number | null; watchedSince: number };

export type SilenceChange = { kind: 'opened'; startedAt: number } | { kind: 'ended'; endedAt: number };

/**
 * A feed is silent once more than `forMinutes` have passed without a reading; the event starts at that moment (the last
 * reading plus the period) and ends at the next reading. Called with new readings (from ingest) and from the timer
 * with none; `now` is the timer's clock.
 */
export function evaluateSilence(
  forMinutes: number,
  state: SilenceState,
  readingTimes: readonly number[],
  now: number,
): { state: SilenceState; changes: SilenceChange[] } {
  const forMs = forMinutes * MINUTE;
  const changes: SilenceChange[] = [];
  let s = state;
  for (const ts of [...readingTimes].sort((a, b) => a - b)) {
    if (s.lastTs !== null && ts <= s.lastTs) continue;
    const from = s.lastTs ?? s.watchedSince;
    // A gap longer than the period opens and ends an event even if nobody looked in between (a timer that was down).
    if (s.phase === 'clear' && ts - from > forMs) changes.push({ kind: 'opened', startedAt: from + forMs });
    if (s.phase === 'open' || ts - from > forMs) changes.push({ kind: 'ended', endedAt: ts });
    s = { phase: 'clear', lastTs: ts, watchedSince: s.watchedSince };
  }
  const from = s.lastTs ?? s.watchedSince;
  if (s.phase === 'clear' && now - from > forMs) {
    changes.push({ kind: 'opened', startedAt: from + forMs });
    s = { ...s, phase: 'open' };
  }
  return { state: s, changes };
}

/**
 * Escalation: `escalateTo` is mailed every `everyMinutes` from the moment the event opened until someone
 * acknowledges it or it ends. Answers the step due now (0 when none); a timer that was down sends one mail for the
 * latest step, not one per missed step.
 */
export function escalationDue(event: { openedAt: number; stepsDone: number; acknowledged: boolean; ended: boolean }, everyMinutes: number | null, now: number): number {
  if (event.acknowledged || event.ended || !everyMinutes || everyMinutes <= 0) return 0;
  const step = Math.floor((now - event.openedAt) / (everyMinutes * MINUTE));
  return step > event.stepsDone ? step : 0;
}

/** Muted by a maintenance window on the rule or on the site at the moment the event opens. */
export const mutedAt = (at: number, ...until: (number | null | undefined)[]): boolean => until.some((u) => u != null && at < u);
