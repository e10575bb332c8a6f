import type { AppDeps } from '../../server/context';
import type { WorldOptions } from '../../server/seed/catalogue';
import type { PlannedNode, WorldPlan } from '../../server/seed/plan';
import { seedWorld } from '../../server/seed/writer';

/**
 * A world small enough for a suite on either database: every company, sub-sites, a quiet hub, two days of fridges and
 * one of the rest, all of it raw readings (no history older than the retention window).
 */
export const SMALL_WORLD: Partial<WorldOptions> = { sites: 10, days: 1, fridgeDays: 2, historyDays: 1 };

export async function seedSmallWorld(deps: AppDeps, options: Partial<WorldOptions> = {}) {
  return seedWorld(deps.db, { ...SMALL_WORLD, ...options });
}

/** One id of every kind a company owns, picked from the plan: site, sub-site (when it has one), hub, node, feed. */
export function idsOfCompany(plan: WorldPlan, companyId: string) {
  const sites = plan.sites.filter((s) => s.companyId === companyId);
  const nodes = plan.nodes.filter((n) => n.companyId === companyId);
  return {
    site: sites.find((s) => s.parentSiteId === null)!.id,
    subSite: sites.find((s) => s.parentSiteId !== null)?.id,
    hub: plan.hubs.find((h) => h.companyId === companyId)!.id,
    node: nodes[0]!.id,
    feed: nodes[0]!.feeds[0]!.id,
    /** A fridge probe and its site: what a medication fridge report is kept for. */
    fridge: nodes.find((n) => n.deviceType === 'Fridge Probe')?.id,
    fridgeSite: nodes.find((n) => n.deviceType === 'Fridge Probe')?.siteId,
  };
}

export const nodesOfSite = (plan: WorldPlan, siteId: string): PlannedNode[] => plan.nodes.filter((n) => n.siteId === siteId);
