import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { EMPTY_WHITE_LABEL, merge, titleOf, whiteLabelMachine, type BrandingCommand } from '../../src/machines/white-label.machine';
import type { WhiteLabelSettings } from '../../src/api/contract/white-label';

function start(opts: { stored?: Partial<WhiteLabelSettings>; fetched?: WhiteLabelSettings | Error }) {
  const commands: BrandingCommand[] = [];
  const domains: string[] = [];
  const a = createActor(
    whiteLabelMachine.provide({
      actors: {
        restoreWhiteLabel: fromPromise(async () => opts.stored ?? {}),
        fetchWhiteLabel: fromPromise<WhiteLabelSettings, { domain: string }>(async ({ input }) => {
          domains.push(input.domain);
          if (opts.fetched instanceof Error) throw opts.fetched;
          return opts.fetched ?? EMPTY_WHITE_LABEL;
        }),
        branding: fromCallback<BrandingCommand>(({ receive }) => receive((c) => commands.push(c))) as never,
      },
    }),
    { input: { domain: 'watch.example.com' } },
  ).start();
  return { a, commands, domains };
}

const brand: WhiteLabelSettings = { faviconUrl: '/f.ico', loginLogoUrl: '/l.png', siteLogoUrl: '/s.png', websiteTitle: 'Acme Watch' };

describe('white-label machine', () => {
  it('fetches by host name, merges, applies title and favicon, and persists', async () => {
    const { a, commands, domains } = start({ fetched: brand });
    await waitFor(a, (s) => s.matches('ready'));
    expect(domains).toEqual(['watch.example.com']);
    expect(a.getSnapshot().context.settings).toEqual(brand);
    expect(commands.at(-2)).toEqual({ type: 'branding.apply', settings: brand });
    expect(commands.at(-1)).toEqual({ type: 'branding.persist', settings: brand });
  });

  it('uses the product name as the title when websiteTitle is empty', () => {
    expect(titleOf(EMPTY_WHITE_LABEL)).toBe('Sitewatch');
    expect(titleOf({ ...EMPTY_WHITE_LABEL, websiteTitle: '  ' })).toBe('Sitewatch');
    expect(titleOf(brand)).toBe('Acme Watch');
  });

  it('keeps the stored settings when the server cannot be reached, and reloads on demand', async () => {
    const { a } = start({ stored: brand, fetched: new Error('Network Error') });
    await waitFor(a, (s) => s.matches('failed'));
    expect(a.getSnapshot().context.settings).toEqual(brand);
    a.send({ type: 'whiteLabel.reload' });
    expect(a.getSnapshot().matches('fetching')).toBe(true);
  });

  it('merges only known string fields', () => {
    expect(merge(EMPTY_WHITE_LABEL, { websiteTitle: 'X', faviconUrl: 3, evil: '<script>' } as never)).toEqual({ ...EMPTY_WHITE_LABEL, websiteTitle: 'X' });
  });
});
