import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../context';
import { claimsOf } from '../context';
import { badRequest, parse } from '../errors';
import { feedsOfSite, readableSite } from '../monitoring/site-access';
import { readSeriesJson } from '../monitoring/readings';
import { checkPointBudget } from '../monitoring/point-budget';
import { readingsRequest, type DataViewType } from '../../src/api/contract/monitoring';
import { id } from '../../src/api/contract/common';

const siteParams = z.object({ id });

export async function readingsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {

  // The engine answers JSON text (see readSeriesJson), sent as it is: `{ data: { series } }`.
  const answer = async (req: FastifyRequest, reply: FastifyReply, forceView?: DataViewType) => {
    const { id: siteId } = parse(siteParams, req.params);
    const input = parse(readingsRequest, req.body);
    if (input.feedIds === undefined && input.nodeIds === undefined) {
      throw badRequest('feedIds: give feedIds or nodeIds', [{ path: 'feedIds', message: 'give feedIds or nodeIds' }]);
    }
    const site = await readableSite(deps.db, claimsOf(req), siteId);
    const feeds = await feedsOfSite(deps.db, site, input.feedIds, input.nodeIds);
    // An answer has a ceiling, whoever asks (docs/product.md, Readings): past it, the 400 names a coarser interval.
    checkPointBudget({ ...input, dataViewType: forceView ?? input.dataViewType }, feeds.length);
    const json = await readSeriesJson(deps.db, feeds, {
      from: Date.parse(input.from),
      to: Date.parse(input.to),
      interval: input.interval,
      aggregation: input.aggregation,
      view: forceView ?? input.dataViewType,
      maxPoints: input.maxPoints,
      timezone: site.timezone,
    });
    return reply.type('application/json; charset=utf-8').send(`{"data":${json}}`);
  };

  app.post('/api/site-dashboard/:id/readings', (req, reply) => answer(req, reply));
  app.post('/api/site-dashboard/:id/readings-minmax', (req, reply) => answer(req, reply, 'MinMax'));
}
