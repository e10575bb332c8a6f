import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { claimsOf, type AppDeps } from '../context';
import { forbidden, notFound, parse } from '../errors';
import { mayAct, requireTokenCompany } from '../auth/site-scope';
import { actOnEvent } from '../alerts/event-actions';
import { alertMessage } from '../live/publish';
import { eventView, eventsOfNode, findEvent, listEvents } from '../db/alert-events.repository';
import { findNode } from '../db/nodes.repository';
import { alertEventAction, alertEventListQuery, type AlertEvent } from '../../src/api/contract/alerts';
import { id } from '../../src/api/contract/common';

const nodeParams = z.object({ nodeId: id });
const idParams = z.object({ id });

/**
 * Alert events (docs/product.md, Alerts): the company's list, a node's events, one event, and the people's actions on it —
 * acknowledge, comment, assign, resolve — each recorded in its history with who and when, audited, and announced on
 * the live stream. Another company's event is 404 like an unknown one.
 */
export async function alertEventRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const announce = (companyId: string, e: AlertEvent) => void deps.live.publish([alertMessage(companyId, e)]);

  app.get('/api/alertevents', async (req) => {
    const { companyId } = await requireTokenCompany(db, claimsOf(req));
    const query = parse(alertEventListQuery, req.query);
    return listEvents(db, companyId, query);
  });

  app.get('/api/alertevents/detail/:id', async (req) => {
    const { companyId } = await requireTokenCompany(db, claimsOf(req));
    const { id: eventId } = parse(idParams, req.params);
    if (!(await findEvent(db, companyId, eventId))) throw notFound('No such alert event');
    return { data: await eventView(db, eventId) };
  });

  app.get('/api/alertevents/:nodeId', async (req) => {
    const { companyId } = await requireTokenCompany(db, claimsOf(req));
    const { nodeId } = parse(nodeParams, req.params);
    if (!(await findNode(db, companyId, nodeId))) throw notFound('No such node');
    return { data: await eventsOfNode(db, companyId, nodeId) };
  });

  app.put('/api/alertevents/detail/:id', async (req) => {
    const claims = claimsOf(req);
    const { companyId, role } = await requireTokenCompany(db, claims);
    const { id: eventId } = parse(idParams, req.params);
    // The body is checked before the event is looked up, like every write (a bad body is a 400 whatever the id).
    const body = parse(alertEventAction, req.body);
    const event = await findEvent(db, companyId, eventId);
    if (!event) throw notFound('No such alert event');
    if (!mayAct(role)) throw forbidden();
    await actOnEvent(db, { companyId, event, action: body, userId: claims.sub, who: claims, at: deps.auth.now() });
    // Audited inside the action's transaction, with both identities when shadowing.
    req.audited = true;
    const view = await eventView(db, eventId);
    announce(companyId, view);
    return { data: view };
  });
}
