import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { DEFAULT_PREFERENCES, preferencesMachine, sanitize, type Preferences, type PreferencesCommand } from '../../src/machines/preferences.machine';
import type { Locale } from '../../src/i18n';

function start(stored: Preferences & { chosen?: boolean } = DEFAULT_PREFERENCES, failing: Locale[] = []) {
  const commands: PreferencesCommand[] = [];
  const loaded: Locale[] = [];
  const a = createActor(
    preferencesMachine.provide({
      actors: {
        loadPreferences: fromPromise<Preferences & { chosen?: boolean }>(async () => stored),
        preferencesStore: fromCallback<PreferencesCommand>(({ receive }) => receive((c) => commands.push(c))) as never,
        loadDictionary: fromPromise<void, { locale: Locale }>(async ({ input }) => {
          if (failing.includes(input.locale)) throw new Error('chunk failed');
          loaded.push(input.locale);
        }),
      },
    }),
  ).start();
  return { a, commands, loaded };
}
const idle = (a: ReturnType<typeof start>['a']) => waitFor(a, (s) => s.matches('ready'));

describe('preferences machine', () => {
  it('applies the stored preferences at start, English and default themes when none are stored', async () => {
    const { a, commands } = start();
    await idle(a);
    expect(commands.at(-1)).toEqual({ type: 'preferences.apply', preferences: DEFAULT_PREFERENCES });
    expect(a.getSnapshot().context.locale).toBe('en');
  });

  it('switches to a stored language only once its dictionary has arrived', async () => {
    const { a, commands, loaded } = start({ ...DEFAULT_PREFERENCES, locale: 'fr', mode: 'dark', chosen: true });
    expect(a.getSnapshot().context.locale).toBe('en');
    await idle(a);
    expect(loaded).toEqual(['fr']);
    expect(a.getSnapshot().context).toMatchObject({ locale: 'fr', mode: 'dark' });
    expect(commands.at(-1)).toEqual({ type: 'preferences.apply', preferences: { ...DEFAULT_PREFERENCES, locale: 'fr', mode: 'dark' } });
  });

  it('stores a language change and ignores unknown languages; a dictionary that fails keeps the current language', async () => {
    const { a, commands } = start(DEFAULT_PREFERENCES, ['zh']);
    await idle(a);
    a.send({ type: 'preferences.language', locale: 'ar' });
    expect(a.getSnapshot().matches('switching')).toBe(true);
    await idle(a);
    expect(commands.at(-1)).toEqual({ type: 'preferences.save', preferences: { ...DEFAULT_PREFERENCES, locale: 'ar' } });
    a.send({ type: 'preferences.language', locale: 'xx' as never });
    expect(a.getSnapshot().context.locale).toBe('ar');
    a.send({ type: 'preferences.language', locale: 'zh' });
    await idle(a);
    expect(a.getSnapshot().context.locale).toBe('ar');
  });

  it('stores theme changes per part, refusing options a part does not have', async () => {
    const { a, commands } = start();
    await idle(a);
    a.send({ type: 'preferences.theme', part: 'sidebar', value: 'theme7' });
    a.send({ type: 'preferences.theme', part: 'topbar', value: 'theme2' });
    a.send({ type: 'preferences.theme', part: 'background', value: 'theme3' });
    a.send({ type: 'preferences.theme', part: 'background', value: 'theme7' });
    a.send({ type: 'preferences.mode', mode: 'dark' });
    expect(a.getSnapshot().context).toMatchObject({ sidebarTheme: 'theme7', topbarTheme: 'theme2', backgroundTheme: 'theme3', mode: 'dark' });
    expect(commands.filter((c) => c.type === 'preferences.save')).toHaveLength(4);
    a.send({ type: 'preferences.reset' });
    expect(a.getSnapshot().context).toMatchObject({ ...DEFAULT_PREFERENCES, chosen: false });
  });

  it("takes the account's language after sign-in only while the browser has no choice of its own", async () => {
    const fresh = start();
    await idle(fresh.a);
    fresh.a.send({ type: 'preferences.suggest', locale: 'es' });
    await idle(fresh.a);
    expect(fresh.a.getSnapshot().context.locale).toBe('es');
    // Suggested, not chosen: nothing is stored.
    expect(fresh.commands.filter((c) => c.type === 'preferences.save')).toHaveLength(0);
    fresh.a.send({ type: 'preferences.language', locale: 'fr' });
    await idle(fresh.a);
    fresh.a.send({ type: 'preferences.suggest', locale: 'it' });
    expect(fresh.a.getSnapshot().context.locale).toBe('fr');

    const stored = start({ ...DEFAULT_PREFERENCES, locale: 'ar', chosen: true });
    await idle(stored.a);
    stored.a.send({ type: 'preferences.suggest', locale: 'zh' });
    expect(stored.a.getSnapshot().context.locale).toBe('ar');
  });

  it('sanitizes whatever is stored', () => {
    expect(sanitize({ locale: 'fr', sidebarTheme: 'themeX', mode: 'dark', extra: 1 })).toEqual({ ...DEFAULT_PREFERENCES, locale: 'fr', mode: 'dark' });
    expect(sanitize(null)).toEqual(DEFAULT_PREFERENCES);
    expect(sanitize('junk')).toEqual(DEFAULT_PREFERENCES);
  });
});
