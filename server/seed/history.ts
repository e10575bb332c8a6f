/** Each feed's readings over the planned history: the devices' patterns with the plan's events laid over them. */
import { HOUR } from '../monitoring/time';
import { EMERGENCY_TEST_MS, STEP_MS, deadCharge, failedTestCharge, failedTestLamp, feedModel, incidentShape, reported } from './patterns';
import { quietOf, type Excursion, type PlannedFeed, type PlannedNode, type WorldPlan } from './plan';

/** The failing fridge's extra warmth: a slow climb to about 6 °C above its pattern. */
export const FAILING_DRIFT = 6.2;

/** An excursion's offset at ts: a ramp over the first quarter, a plateau, recovery over the last quarter. */
const excursionOffset = (e: Excursion, ts: number): number => e.peak * incidentShape(e.from, e.to, ts);

/** A fridge still warming at the end: half its peak at the first reading, all of it from the next on. */
const openOffset = (from: number, peak: number, ts: number): number => (ts < from ? 0 : peak * Math.min(1, (ts - from + STEP_MS) / (2 * STEP_MS)));

/** When a node's readings end: the end of the history, or just before it went quiet. */
function stopOf(plan: WorldPlan, node: PlannedNode): number {
  const quiet = quietOf(plan, node);
  return quiet === null ? plan.end : Math.min(plan.end, quiet - 1);
}

/**
 * Every reading of one feed's history, oldest first, as the devices would have sent them, in two columns: raw
 * readings from `feed.rawFrom`, and what the rollups of the older history are computed from. One pass, so a counter's
 * register runs on unbroken from the rollups into the raw readings.
 */
export function feedHistory(plan: WorldPlan, node: PlannedNode, feed: PlannedFeed): { ts: Float64Array; value: Float64Array } {
  const model = feedModel({ ...node, signalKey: feed.signalKey });
  const stop = stopOf(plan, node);
  const n = model && stop >= feed.from ? Math.floor((stop - feed.from) / STEP_MS) + 1 : 0;
  const ts = new Float64Array(n);
  const value = new Float64Array(n);
  if (!model) return { ts, value };
  const excursions = plan.excursions.filter((e) => e.feedId === feed.id);
  const failing = plan.failing?.feedId === feed.id ? plan.failing : null;
  // A light's incidents show on both its feeds; an open one is found by the feed its rule watches (the battery).
  const failedTests = feed.signalKey === 'battery' || feed.signalKey === 'lamp' ? plan.lightFailures.filter((f) => f.nodeId === node.id) : [];
  const open = plan.open.find((o) => o.feedId === feed.id);
  const reset = plan.resets.find((r) => r.feedId === feed.id);
  let register = model.kind === 'counter' ? model.start : 0;
  for (let i = 0; i < n; i++) {
    const t = feed.from + i * STEP_MS;
    ts[i] = t;
    if (model.kind === 'counter') {
      register = reset && t === reset.at ? 0 : register + (model.ratePerHour(t) * STEP_MS) / HOUR;
      value[i] = reported(model, register);
      continue;
    }
    let v = model.at(t);
    for (const e of excursions) v += excursionOffset(e, t);
    if (failing && t > failing.from) v += FAILING_DRIFT * Math.min(1, (t - failing.from) / (plan.end - failing.from)) ** 1.4;
    for (const f of failedTests) {
      const since = t - f.from;
      if (feed.signalKey === 'battery') v = Math.min(v, failedTestCharge(since, f.low));
      else if (since >= 0 && since < EMERGENCY_TEST_MS) v = failedTestLamp(since);
    }
    if (open && feed.signalKey === 'temperature') v += openOffset(open.from, open.peak, t);
    else if (open && t >= open.from) v = Math.min(v, deadCharge(t - open.from, open.peak));
    value[i] = reported(model, v);
  }
  return { ts, value };
}

/** Every reading of one feed's history (raw and rolled up), oldest first. */
export function* feedReadings(plan: WorldPlan, node: PlannedNode, feed: PlannedFeed): Generator<{ ts: number; value: number }> {
  const { ts, value } = feedHistory(plan, node, feed);
  for (let i = 0; i < ts.length; i++) yield { ts: ts[i]!, value: value[i]! };
}

/** How many raw readings the plan writes (the history inside each feed's retention window), without generating them. */
export function countReadings(plan: WorldPlan): number {
  let total = 0;
  for (const node of plan.nodes) {
    const stop = stopOf(plan, node);
    for (const f of node.feeds) {
      const first = f.from + Math.ceil((f.rawFrom - f.from) / STEP_MS) * STEP_MS;
      if (stop >= first) total += Math.floor((stop - first) / STEP_MS) + 1;
    }
  }
  return total;
}
