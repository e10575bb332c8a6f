import { z } from 'zod';
import { id } from './common';

/** How many rows each part of the glance lists; `total` counts them all. */
export const GLANCE_ROWS = 5;
/** How far back "recent sign-ins" reaches. */
export const SIGN_IN_WINDOW_HOURS = 24;

const count = z.number().int().min(0);
const company = { companyId: id, companyName: z.string() };

/**
 * GET /api/admin/glance: what is wrong on the platform now, and where — the strip above the Admin Dashboard's
 * per-company table. Each part holds a total and its first GLANCE_ROWS rows, worst or newest first.
 */
export const adminGlanceResponse = z.object({
  /** ISO 8601: when the glance was computed. */
  at: z.string(),
  /** Companies with open (active or acknowledged) critical alert events, most first; the newest event of each. */
  criticalAlerts: z.object({
    /** Open critical events, and the companies they are in. */
    total: count,
    companyCount: count,
    companies: z.array(z.object({ ...company, count, newestEventId: id, newestStartedAt: z.string() })),
  }),
  /** Hubs and nodes not seen within 3 reporting periods, by company, most first. */
  offlineDevices: z.object({ total: count, companyCount: count, companies: z.array(z.object({ ...company, count })) }),
  /** Nodes whose battery is at or below the shared weak threshold, lowest first. */
  weakBatteries: z.object({
    total: count,
    nodes: z.array(z.object({ ...company, nodeId: id, nodeName: z.string(), siteId: id, siteName: z.string(), batteryPct: z.number() })),
  }),
  /** Shadow sessions not exited and not expired, most recently used first. */
  shadowSessions: z.object({
    total: count,
    sessions: z.array(
      z.object({
        kind: z.enum(['company', 'user']),
        /** The admin acting. */
        actorName: z.string(),
        /** The company, or the user, being shadowed. */
        subjectName: z.string(),
        companyId: id.nullable(),
        companyName: z.string().nullable(),
        startedAt: z.string(),
        lastUsedAt: z.string(),
      }),
    ),
  }),
  /** Accounts signed in within SIGN_IN_WINDOW_HOURS, newest first. */
  recentSignIns: z.object({
    total: count,
    users: z.array(z.object({ userId: id, name: z.string(), email: z.string(), at: z.string(), admin: z.boolean() })),
  }),
});
export type AdminGlance = z.infer<typeof adminGlanceResponse>;
