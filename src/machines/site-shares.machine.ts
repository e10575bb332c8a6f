import { createShareRequest, SHARE_DAYS_MAX, SHARE_DAYS_MIN, type CreatedShare, type Share } from '../api/contract/shares';
import { apiModules } from '../api/lazy';
import { listAndFormMachine, type ListAndFormActor } from './list-and-form.machine';

const api = apiModules.shares;

export const DEFAULT_SHARE_DAYS = 7;

export interface ShareValues {
  /** As typed; a whole number of days 1–90. */
  expiresInDays: string;
}

/** A link as the list shows it: live until it expires or is revoked. */
export const shareState = (s: Share, now: number): 'active' | 'expired' | 'revoked' => (s.revokedAt ? 'revoked' : Date.parse(s.expiresAt) <= now ? 'expired' : 'active');

/**
 * The site dashboard's shared links (docs/product.md, Share links): the list-and-form machine on a site's links (its
 * scope is the site id). The form is inline: make one valid 1–90 days, whose URL (in the create answer, `created`) is
 * shown once to copy; an active link is revoked after a confirmation, at once on the server.
 */
export const siteSharesMachine = listAndFormMachine<Share, ShareValues, { expiresInDays: number }, { expiresInDays: number }, CreatedShare, string>({
  id: 'siteShares',
  api: (siteId) => ({
    list: async () => {
      const shares = await (await api()).listShares(siteId);
      return { data: shares, total: shares.length };
    },
    create: async (body) => (await api()).createShare(siteId, body.expiresInDays),
    remove: async (id) => {
      await (await api()).revokeShare(siteId, id);
      return { deleted: true };
    },
  }),
  schema: createShareRequest,
  blank: () => ({ expiresInDays: String(DEFAULT_SHARE_DAYS) }),
  valuesOf: (s) => ({ expiresInDays: String(Math.round((Date.parse(s.expiresAt) - Date.parse(s.createdAt)) / 86_400_000)) }),
  // An empty field is not a number (NaN), which the schema refuses like any other non-number.
  toInput: (v) => ({ expiresInDays: Number(v.expiresInDays.trim() === '' ? Number.NaN : v.expiresInDays.trim()) }),
  // A link has no name; the confirmation and the notice say what it is by their own words.
  nameOf: (s) => s.expiresAt,
  inline: true,
  removable: (s) => shareState(s, Date.now()) === 'active',
  notices: { created: 'shares.madeNotice', removed: 'shares.revokedNotice' },
});

export type SiteSharesActor = ListAndFormActor<Share, ShareValues, { expiresInDays: number }, { expiresInDays: number }, CreatedShare, string>;

export { SHARE_DAYS_MAX, SHARE_DAYS_MIN };
