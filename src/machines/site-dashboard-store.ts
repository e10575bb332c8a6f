import { fromCallback, fromPromise } from 'xstate';
import { loadRoot, saveSlice } from '../storage/secure-store';

/**
 * The SiteDashboard slice of the persisted root (docs/product.md, Browser storage): the last view as its URL query, so a restored view passes
 * the same checks as a bookmarked one.
 */
export interface SavedSiteView {
  search: string;
}

export type SiteViewStoreCommand = { type: 'store.save'; search: string };

/** Writes the last view into the encrypted root; a failed write only costs the next visit its shortcut. */
export const siteViewStore = fromCallback<SiteViewStoreCommand>(({ receive }) => {
  receive((cmd) => {
    void saveSlice('SiteDashboard', { search: cmd.search } satisfies SavedSiteView).catch((e: unknown) => console.error('site dashboard store', e));
  });
});

/** The last view's query string, or null when none was kept. */
export const loadSavedView = fromPromise<string | null>(async () => {
  const slice = (await loadRoot()).SiteDashboard as Partial<SavedSiteView> | undefined;
  return typeof slice?.search === 'string' ? slice.search : null;
});
