import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context';
import { resourceRoutes, type AnyResource } from './resource';
import { nodeTags } from './node-tags';
import { users } from './users';
import { hubs } from './hubs';
import { nodes } from './nodes';
import { feeds } from './feeds';
import { signalTypes } from './signal-types';
import { sites } from './sites';
import { companies } from './companies';
import { whiteLabelSettings } from './white-label';
import { messageTemplates } from './message-templates';
import { alertRules } from './alert-rules';
import { displays } from './displays';
import { exportSchedules } from './export-schedules';

/** Every management resource (docs/product.md, Management); each is served by resourceRoutes and documented in the API document. */
export const RESOURCES: AnyResource[] = [nodeTags, hubs, nodes, feeds, signalTypes, sites, companies, users, whiteLabelSettings, messageTemplates, alertRules, displays];
// Scheduled exports.
RESOURCES.push(exportSchedules);

export function registerResources(app: FastifyInstance, deps: AppDeps): void {
  for (const r of RESOURCES) resourceRoutes(app, deps, r);
}
