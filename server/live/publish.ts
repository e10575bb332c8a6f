import type { Db } from '../db/database';
import type { ReadingInput } from '../monitoring/ingest';
import type { TouchedEvent } from '../alerts/engine';
import { eventView } from '../db/alert-events.repository';
import type { LiveHub, LiveInput } from './hub';
import type { AlertEvent } from '../../src/api/contract/alerts';

const CHUNK = 1_000;

/** An alert event as the stream carries it: without its long history (a NOTIFY payload is small); the detail call has it all. */
export const alertMessage = (companyId: string, e: AlertEvent): LiveInput => ({
  kind: 'alert', companyId, siteId: e.siteId, data: { ...e, history: e.history.slice(-5), comments: e.comments.slice(-3) },
});

/**
 * What storeReadings committed, announced on the live stream: each reading to its feed's company (and site, for wall
 * displays), and each alert event it opened, changed or ended. Called after the commit by every path that stores
 * readings (a hub's ingest, the simulator), so open screens see the same whatever wrote the data.
 */
export async function publishStored(db: Db, live: LiveHub, rows: readonly ReadingInput[], alerts: readonly TouchedEvent[] = []): Promise<void> {
  const feedIds = [...new Set(rows.map((r) => r.feedId))];
  const home = new Map<string, { companyId: string; siteId: string }>();
  for (let i = 0; i < feedIds.length; i += CHUNK) {
    const found = await db
      .selectFrom('feeds')
      .innerJoin('nodes', 'nodes.id', 'feeds.nodeId')
      .select(['feeds.id', 'feeds.companyId', 'nodes.siteId'])
      .where('feeds.id', 'in', feedIds.slice(i, i + CHUNK))
      .execute();
    for (const f of found) home.set(f.id, { companyId: f.companyId, siteId: f.siteId });
  }
  const readings = rows.flatMap((r) => {
    const h = home.get(r.feedId);
    return h ? [{ kind: 'reading' as const, ...h, data: { feedId: r.feedId, ts: new Date(r.ts).toISOString(), value: r.value } }] : [];
  });
  const events: LiveInput[] = [];
  for (const a of alerts) {
    events.push(alertMessage(a.companyId, await eventView(db, a.eventId)));
  }
  await live.publish([...readings, ...events]);
}
