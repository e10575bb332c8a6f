import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLEAR,
  escalationDue,
  evaluate,
  evaluateSilence,
  type AlertChange,
  type EvaluatedReading,
  type FeedAlertState,
  type SilenceChange,
  type ThresholdRule,
} from '../../../server/alerts/evaluator';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 1);

interface OracleEvent {
  startedAt: number;
  openedAt: number;
  endedAt: number | null;
  peak: number;
}

/**
 * The brute-force oracle, written from the rule's definition over the whole timeline rather than as a stream:
 * find a run of breaching readings long enough to fire, then the first clear reading after it, and start again.
 */
function oracle(rule: ThresholdRule, rs: EvaluatedReading[]): { events: OracleEvent[]; pendingSince: number | null } {
  const over = (v: number) => (rule.high === null ? -Infinity : v - rule.high);
  const under = (v: number) => (rule.low === null ? -Infinity : rule.low - v);
  const dist = (v: number) => (rule.condition === 'above' ? over(v) : rule.condition === 'below' ? under(v) : Math.max(over(v), under(v)));
  const breach = (v: number) => dist(v) > 0;
  const clear = (v: number) => {
    if (rule.condition === 'above') return v <= rule.high! - rule.clearBy;
    if (rule.condition === 'below') return v >= rule.low! + rule.clearBy;
    return v <= rule.high! - rule.clearBy && v >= rule.low! + rule.clearBy;
  };
  const r = (k: number): EvaluatedReading => rs[k]!;
  const events: OracleEvent[] = [];
  let pendingSince: number | null = null;
  let i = 0;
  while (i < rs.length) {
    if (!breach(r(i).value)) {
      i++;
      continue;
    }
    // The run from i: every reading breaching; does it last forMinutes before it breaks?
    let j = i;
    while (j < rs.length && breach(r(j).value) && r(j).ts - r(i).ts < rule.forMinutes * MINUTE) j++;
    if (j === rs.length) {
      pendingSince = r(i).ts;
      break;
    }
    if (!breach(r(j).value)) {
      i = j;
      continue;
    }
    let k = j + 1;
    while (k < rs.length && !clear(r(k).value)) k++;
    let peak = r(i).value;
    for (let m = i; m < k; m++) if (dist(r(m).value) > dist(peak)) peak = r(m).value;
    events.push({ startedAt: r(i).ts, openedAt: r(j).ts, endedAt: k < rs.length ? r(k).ts : null, peak });
    i = k + 1;
  }
  return { events, pendingSince };
}

/** Folds the evaluator's change stream back into events, to compare with the oracle. */
function replay(changes: AlertChange[]): OracleEvent[] {
  const events: OracleEvent[] = [];
  for (const c of changes) {
    if (c.kind === 'opened') events.push({ startedAt: c.startedAt, openedAt: c.at, endedAt: null, peak: c.peak });
    else if (c.kind === 'peak') events[events.length - 1]!.peak = c.peak;
    else events[events.length - 1]!.endedAt = c.endedAt;
  }
  return events;
}

const rules: fc.Arbitrary<ThresholdRule> = fc
  .record({
    condition: fc.constantFrom('above', 'below', 'outside') as fc.Arbitrary<ThresholdRule['condition']>,
    low: fc.integer({ min: -5, max: 5 }),
    width: fc.integer({ min: 2, max: 10 }),
    forMinutes: fc.constantFrom(0, 15, 30, 45, 60),
    clearBy: fc.constantFrom(0, 0.5, 1, 2),
  })
  .filter((r) => r.condition !== 'outside' || 2 * r.clearBy < r.width)
  .map(({ condition, low, width, forMinutes, clearBy }) => ({
    condition,
    low: condition === 'above' ? null : low,
    high: condition === 'below' ? null : low + width,
    forMinutes,
    clearBy,
  }));

/** Readings 1–20 minutes apart, values on a half-degree grid around the thresholds (so ties and edges happen). */
const series = fc
  .array(fc.record({ gap: fc.integer({ min: 1, max: 20 }), value: fc.integer({ min: -20, max: 40 }).map((v) => v / 2) }), { maxLength: 80 })
  .map((steps) => {
    let ts = T0;
    return steps.map((s) => ({ ts: (ts += s.gap * MINUTE), value: s.value }));
  });

/** Cuts a list into consecutive batches at the given fractions. */
function batches<T>(xs: T[], cuts: number[]): T[][] {
  const at = [...new Set(cuts.map((c) => Math.floor(c * (xs.length + 1))))].sort((a, b) => a - b);
  const out: T[][] = [];
  let from = 0;
  for (const c of at) {
    out.push(xs.slice(from, c));
    from = Math.max(from, c);
  }
  out.push(xs.slice(from));
  return out;
}

function run(rule: ThresholdRule, groups: EvaluatedReading[][], start: FeedAlertState = CLEAR) {
  let state = start;
  const changes: AlertChange[] = [];
  for (const g of groups) {
    const r = evaluate(rule, state, g);
    state = r.state;
    changes.push(...r.changes);
  }
  return { state, changes };
}

const cutsArb = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 });

describe('alert evaluator against a brute-force oracle', () => {
  it('in-order readings in any batching: the events, their peaks and the final phase are the oracle’s', () => {
    fc.assert(
      fc.property(rules, series, cutsArb, (rule, rs, cuts) => {
        const { state, changes } = run(rule, batches(rs, cuts));
        const want = oracle(rule, rs);
        expect(replay(changes)).toEqual(want.events);
        const open = want.events.length > 0 && want.events[want.events.length - 1]!.endedAt === null;
        expect(state.phase).toBe(open ? 'open' : want.pendingSince !== null ? 'pending' : 'clear');
        if (state.phase === 'pending') expect(state.since).toBe(want.pendingSince);
      }),
      { numRuns: 2_000 },
    );
  });

  it('readings shuffled within each batch count as if sorted; late and repeated ones change nothing', () => {
    fc.assert(
      fc.property(rules, series, cutsArb, fc.integer(), fc.array(fc.nat(), { maxLength: 10 }), (rule, rs, cuts, seed, repeats) => {
        const groups = batches(rs, cuts);
        // Each batch shuffled, and some of it (plus readings from earlier batches) sent again later with other values.
        const sent = groups.map((g, gi) => {
          const late = (gi > 0 && rs.length > 0 ? repeats : []).map((n) => ({ ...rs[n % rs.length]!, value: rs[n % rs.length]!.value + 100 }));
          const earlier = late.filter((r) => groups.slice(0, gi).some((p) => p.some((q) => q.ts === r.ts)));
          return shuffle([...g, ...earlier], seed + gi);
        });
        const { changes } = run(rule, sent);
        expect(replay(changes)).toEqual(oracle(rule, rs).events);
      }),
      { numRuns: 1_000 },
    );
  });

  it('evaluating the same batch twice is the same as once', () => {
    fc.assert(
      fc.property(rules, series, (rule, rs) => {
        const once = evaluate(rule, CLEAR, rs);
        const again = evaluate(rule, once.state, rs);
        expect(again.changes).toEqual([]);
        expect(again.state).toEqual(once.state);
      }),
      { numRuns: 500 },
    );
  });

  it('hysteresis: a value wobbling inside the clear band around its limit opens one event and never ends it', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -0.99, max: 0.99, noNaN: true }), { minLength: 1, maxLength: 60 }), (wobble) => {
        const rule: ThresholdRule = { condition: 'above', low: null, high: 8, forMinutes: 0, clearBy: 1 };
        const rs = [{ ts: T0, value: 8.5 }, ...wobble.map((w, i) => ({ ts: T0 + (i + 1) * MINUTE, value: 8 + w }))];
        const { changes, state } = evaluate(rule, CLEAR, rs);
        expect(changes.filter((c) => c.kind === 'opened')).toHaveLength(1);
        expect(changes.some((c) => c.kind === 'ended')).toBe(false);
        expect(state.phase).toBe('open');
      }),
    );
  });

  it('the cold-chain default: out of 2–8 °C for 30 minutes, not before', () => {
    const rule: ThresholdRule = { condition: 'outside', low: 2, high: 8, forMinutes: 30, clearBy: 0.5 };
    const at = (m: number, value: number) => ({ ts: T0 + m * MINUTE, value });
    const warm = [at(0, 5), at(15, 8.4), at(30, 9), at(44, 9.5)];
    expect(evaluate(rule, CLEAR, warm).changes).toEqual([]);
    const fired = evaluate(rule, CLEAR, [...warm, at(45, 9.2)]);
    expect(fired.changes).toEqual([{ kind: 'opened', startedAt: T0 + 15 * MINUTE, at: T0 + 45 * MINUTE, value: 9.2, peak: 9.5 }]);
    // 7.8 is inside the range but within the half-degree band: still open. 7.4 ends it.
    const after = evaluate(rule, fired.state, [at(60, 7.8), at(75, 7.4)]);
    expect(after.changes).toEqual([{ kind: 'ended', endedAt: T0 + 75 * MINUTE, value: 7.4 }]);
  });
});

/** The oracle for silence: every gap longer than the period is one event, from last reading + period to the next. */
function silenceOracle(forMinutes: number, watchedSince: number, times: number[], now: number): { opened: number[]; ended: number[] } {
  const opened: number[] = [];
  const ended: number[] = [];
  let from = watchedSince;
  for (const ts of times) {
    if (ts - from > forMinutes * MINUTE) {
      opened.push(from + forMinutes * MINUTE);
      ended.push(ts);
    }
    from = ts;
  }
  if (now - from > forMinutes * MINUTE) opened.push(from + forMinutes * MINUTE);
  return { opened, ended };
}

describe('no data', () => {
  it('timer ticks and readings in any interleaving give the oracle’s events', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(15, 30, 60),
        fc.array(fc.integer({ min: 1, max: 120 }), { maxLength: 40 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 40 }),
        (forMinutes, gaps, ticksPerGap) => {
          let ts = T0;
          const times = gaps.map((g) => (ts += g * MINUTE));
          const now = ts + 90 * MINUTE;
          let state = { phase: 'clear' as const, lastTs: null, watchedSince: T0 } as Parameters<typeof evaluateSilence>[1];
          const changes: SilenceChange[] = [];
          let prev = T0;
          times.forEach((t, i) => {
            // The timer looks in between readings a few times, as a job running every few minutes would.
            const ticks = ticksPerGap[i] ?? 0;
            for (let k = 1; k <= ticks; k++) {
              const r = evaluateSilence(forMinutes, state, [], prev + ((t - prev) * k) / (ticks + 1));
              state = r.state;
              changes.push(...r.changes);
            }
            const r = evaluateSilence(forMinutes, state, [t], t);
            state = r.state;
            changes.push(...r.changes);
            prev = t;
          });
          const last = evaluateSilence(forMinutes, state, [], now);
          changes.push(...last.changes);
          const want = silenceOracle(forMinutes, T0, times, now);
          expect(changes.filter((c) => c.kind === 'opened').map((c) => (c as { startedAt: number }).startedAt)).toEqual(want.opened);
          expect(changes.filter((c) => c.kind === 'ended').map((c) => (c as { endedAt: number }).endedAt)).toEqual(want.ended);
        },
      ),
      { numRuns: 1_000 },
    );
  });
});

describe('escalation', () => {
  it('steps every period until acknowledged or ended, one mail for a run of missed steps', () => {
    const e = { openedAt: T0, stepsDone: 0, acknowledged: false, ended: false };
    expect(escalationDue(e, 30, T0 + 29 * MINUTE)).toBe(0);
    expect(escalationDue(e, 30, T0 + 30 * MINUTE)).toBe(1);
    expect(escalationDue({ ...e, stepsDone: 1 }, 30, T0 + 59 * MINUTE)).toBe(0);
    expect(escalationDue({ ...e, stepsDone: 1 }, 30, T0 + 125 * MINUTE)).toBe(4);
    expect(escalationDue({ ...e, acknowledged: true }, 30, T0 + 125 * MINUTE)).toBe(0);
    expect(escalationDue({ ...e, ended: true }, 30, T0 + 125 * MINUTE)).toBe(0);
    expect(escalationDue(e, null, T0 + 125 * MINUTE)).toBe(0);
  });
});

function shuffle<T>(xs: T[], seed: number): T[] {
  const out = [...xs];
  let s = seed | 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
