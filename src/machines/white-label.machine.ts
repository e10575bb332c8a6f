import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { WhiteLabelSettings } from '../api/contract/white-label';

import { loadRoot, saveSlice } from '../storage/secure-store';
import { applyBranding } from '../storage/document';
import { apiModules } from '../api/lazy';

/** The product's own name: the page title whenever websiteTitle is empty (docs/product.md, White-label). */
export const PRODUCT_NAME = 'Sitewatch';

export const EMPTY_WHITE_LABEL: WhiteLabelSettings = { faviconUrl: '', loginLogoUrl: '', siteLogoUrl: '', websiteTitle: '' };

export interface WhiteLabelContext {
  /** The host name the settings are for. */
  domain: string;
  settings: WhiteLabelSettings;
}

export type WhiteLabelEvent = { type: 'whiteLabel.reload' };
export type BrandingCommand = { type: 'branding.apply'; settings: WhiteLabelSettings } | { type: 'branding.persist'; settings: WhiteLabelSettings };

export const titleOf = (s: WhiteLabelSettings) => s.websiteTitle.trim() || PRODUCT_NAME;

/** Merges only the string fields it knows, so a stray or hostile field never reaches the state. */
export function merge(base: WhiteLabelSettings, incoming: Partial<Record<keyof WhiteLabelSettings, unknown>>): WhiteLabelSettings {
  const out = { ...base };
  for (const k of Object.keys(EMPTY_WHITE_LABEL) as (keyof WhiteLabelSettings)[]) {
    const v = incoming[k];
    if (typeof v === 'string') out[k] = v;
  }
  return out;
}

const restoreWhiteLabel = fromPromise<Partial<WhiteLabelSettings>>(async () => {
  const root = await loadRoot();
  return (root.WhiteLabel ?? {}) as Partial<WhiteLabelSettings>;
});

// Loaded with the call so the start-up bundle does not carry the api layer.
const fetchWhiteLabel = fromPromise<WhiteLabelSettings, { domain: string }>(async ({ input }) => (await apiModules.branding()).getWhiteLabel(input.domain));

const branding = fromCallback<BrandingCommand>(({ receive }) => {
  receive((cmd) => {
    if (cmd.type === 'branding.apply') applyBranding(titleOf(cmd.settings), cmd.settings.faviconUrl);
    else void saveSlice('WhiteLabel', cmd.settings).catch((e: unknown) => console.error('white-label store', e));
  });
});

export const whiteLabelMachine = setup({
  types: { context: {} as WhiteLabelContext, events: {} as WhiteLabelEvent, input: {} as { domain: string } },
  actors: { restoreWhiteLabel, fetchWhiteLabel, branding },
  actions: {
    apply: sendTo('branding', ({ context }): BrandingCommand => ({ type: 'branding.apply', settings: context.settings })),
    persist: sendTo('branding', ({ context }): BrandingCommand => ({ type: 'branding.persist', settings: context.settings })),
  },
}).createMachine({
  id: 'whiteLabel',
  context: ({ input }) => ({ domain: input.domain, settings: EMPTY_WHITE_LABEL }),
  invoke: { id: 'branding', src: 'branding' },
  initial: 'restoring',
  states: {
    // The last settings seen are shown at once (and offline); the server's answer replaces them.
    restoring: {
      invoke: {
        id: 'restore',
        src: 'restoreWhiteLabel',
        onDone: { target: 'fetching', actions: [assign({ settings: ({ context, event }) => merge(context.settings, event.output) }), 'apply'] },
        onError: { target: 'fetching', actions: 'apply' },
      },
    },
    fetching: {
      invoke: {
        id: 'fetch',
        src: 'fetchWhiteLabel',
        input: ({ context }) => ({ domain: context.domain }),
        onDone: { target: 'ready', actions: [assign({ settings: ({ event }) => merge(EMPTY_WHITE_LABEL, event.output) }), 'apply', 'persist'] },
        onError: { target: 'failed' },
      },
    },
    ready: { on: { 'whiteLabel.reload': 'fetching' } },
    failed: { on: { 'whiteLabel.reload': 'fetching' } },
  },
});
