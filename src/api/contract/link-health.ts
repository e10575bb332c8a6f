/**
 * Where a node's link counts as weak: the site dashboard, Plexus, the node lists and the admin's platform counts flag
 * it, so the server and the client share one threshold.
 */
export const WEAK_BATTERY_PCT = 20;
export const WEAK_SIGNAL_DBM = -100;

export const isWeakBattery = (pct: number | null): boolean => pct !== null && pct <= WEAK_BATTERY_PCT;
export const isWeakSignal = (dbm: number | null): boolean => dbm !== null && dbm <= WEAK_SIGNAL_DBM;
