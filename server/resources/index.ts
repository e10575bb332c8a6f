import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context';
import { resourceRoutes, type AnyResource } from './resource';
import { nodeTags } from './node-tags';

/** Every management resource (DESIGN §6); each is served by resourceRoutes and documented in the API document. */
export const RESOURCES: AnyResource[] = [nodeTags];

export function registerResources(app: FastifyInstance, deps: AppDeps): void {
  for (const r of RESOURCES) resourceRoutes(app, deps, r);
}
