import type { Db } from '../db/database';
import { companiesHealth } from '../db/sites.repository';
import { openCriticalEvents, openShadowSessions, signInsSince, weakBatteryNodes } from '../db/admin-glance.repository';
import { iso } from '../db/devices.repository';
import { WEAK_BATTERY_PCT } from '../../src/api/contract/link-health';
import { GLANCE_ROWS, SIGN_IN_WINDOW_HOURS, type AdminGlance } from '../../src/api/contract/admin-glance';

const HOUR_MS = 3_600_000;
const isoOf = (ms: number | string) => new Date(Number(ms)).toISOString();

/** The platform at a glance for a platform admin: what is wrong now, and in which company, node or session. */
export async function adminGlance(db: Db, now: number): Promise<AdminGlance> {
  const [events, health, batteries, shadows, signIns] = [
    await openCriticalEvents(db),
    await companiesHealth(db, now),
    await weakBatteryNodes(db, WEAK_BATTERY_PCT, GLANCE_ROWS),
    await openShadowSessions(db, now),
    await signInsSince(db, now - SIGN_IN_WINDOW_HOURS * HOUR_MS, GLANCE_ROWS),
  ];

  // Events come newest first, so a company's first event is its newest.
  const critical = new Map<string, AdminGlance['criticalAlerts']['companies'][number]>();
  for (const e of events) {
    const seen = critical.get(e.companyId);
    if (seen) seen.count++;
    else critical.set(e.companyId, { companyId: e.companyId, companyName: e.companyName, count: 1, newestEventId: e.id, newestStartedAt: isoOf(e.startedAt) });
  }
  const mostFirst = <T extends { count: number; companyName: string }>(a: T, b: T) => b.count - a.count || a.companyName.localeCompare(b.companyName);
  const offline = health.filter((c) => c.devicesOffline > 0).map((c) => ({ companyId: c.companyId, companyName: c.companyName, count: c.devicesOffline }));

  // Two tokens of one session issued in the same millisecond would list it twice.
  const sessions = [...new Map(shadows.map((s) => [s.id, s])).values()];

  return {
    at: isoOf(now),
    criticalAlerts: { total: events.length, companyCount: critical.size, companies: [...critical.values()].sort(mostFirst).slice(0, GLANCE_ROWS) },
    offlineDevices: { total: offline.reduce((n, c) => n + c.count, 0), companyCount: offline.length, companies: offline.sort(mostFirst).slice(0, GLANCE_ROWS) },
    weakBatteries: batteries,
    shadowSessions: {
      total: sessions.length,
      sessions: sessions.slice(0, GLANCE_ROWS).map((s) => ({
        kind: s.shadowKind ?? 'company',
        actorName: s.actorName || s.actorEmail,
        subjectName: s.shadowKind === 'user' ? s.subjectName || s.subjectEmail : (s.companyName ?? ''),
        companyId: s.companyId,
        companyName: s.companyName,
        startedAt: isoOf(s.createdAt),
        lastUsedAt: iso(s.lastUsedAt ?? s.createdAt)!,
      })),
    },
    recentSignIns: {
      total: signIns.total,
      users: signIns.users.map((u) => ({ userId: u.id, name: u.name, email: u.email, at: isoOf(u.lastLoginAt!), admin: u.platformRole === 'admin' })),
    },
  };
}
