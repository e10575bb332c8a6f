import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context';
import { claimsOf } from '../context';
import { parse } from '../errors';
import { updateProfileRequest } from '../../src/api/contract/profile';

export async function profileRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.put('/api/me', async (req) => ({
    data: await deps.auth.profile.updateProfile(claimsOf(req), parse(updateProfileRequest, req.body)),
  }));
}
