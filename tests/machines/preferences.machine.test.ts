import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { DEFAULT_PREFERENCES, preferencesMachine, sanitize, type Preferences, type PreferencesCommand } from '../../src/machines/preferences.machine';

function start(stored: Preferences = DEFAULT_PREFERENCES) {
  const commands: PreferencesCommand[] = [];
  const a = createActor(
    preferencesMachine.provide({
      actors: {
        loadPreferences: fromPromise(async () => stored),
        preferencesStore: fromCallback<PreferencesCommand>(({ receive }) => receive((c) => commands.push(c))) as never,
      },
    }),
  ).start();
  return { a, commands };
}

describe('preferences machine', () => {
  it('applies the stored preferences at start, English and default themes when none are stored', async () => {
    const { a, commands } = start();
    await waitFor(a, (s) => s.matches('ready'));
    expect(commands).toEqual([{ type: 'preferences.apply', preferences: DEFAULT_PREFERENCES }]);
    expect(a.getSnapshot().context.locale).toBe('en');
  });

  it('stores a language change and ignores unknown languages', async () => {
    const { a, commands } = start();
    await waitFor(a, (s) => s.matches('ready'));
    a.send({ type: 'preferences.language', locale: 'ar' });
    expect(commands.at(-1)).toEqual({ type: 'preferences.save', preferences: { ...DEFAULT_PREFERENCES, locale: 'ar' } });
    a.send({ type: 'preferences.language', locale: 'xx' as never });
    expect(a.getSnapshot().context.locale).toBe('ar');
  });

  it('stores theme changes per part, refusing options a part does not have', async () => {
    const { a, commands } = start();
    await waitFor(a, (s) => s.matches('ready'));
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
    await waitFor(fresh.a, (s) => s.matches('ready'));
    fresh.a.send({ type: 'preferences.suggest', locale: 'es' });
    expect(fresh.a.getSnapshot().context.locale).toBe('es');
    // Suggested, not chosen: nothing is stored.
    expect(fresh.commands.filter((c) => c.type === 'preferences.save')).toHaveLength(0);
    fresh.a.send({ type: 'preferences.language', locale: 'fr' });
    fresh.a.send({ type: 'preferences.suggest', locale: 'it' });
    expect(fresh.a.getSnapshot().context.locale).toBe('fr');

    const stored = createActor(
      preferencesMachine.provide({
        actors: { loadPreferences: fromPromise(async () => ({ ...DEFAULT_PREFERENCES, locale: 'ar' as const, chosen: true })), preferencesStore: fromCallback(() => {}) as never },
      }),
    ).start();
    await waitFor(stored, (s) => s.matches('ready'));
    stored.send({ type: 'preferences.suggest', locale: 'zh' });
    expect(stored.getSnapshot().context.locale).toBe('ar');
  });

  it('sanitizes whatever is stored', () => {
    expect(sanitize({ locale: 'fr', sidebarTheme: 'themeX', mode: 'dark', extra: 1 })).toEqual({ ...DEFAULT_PREFERENCES, locale: 'fr', mode: 'dark' });
    expect(sanitize(null)).toEqual(DEFAULT_PREFERENCES);
    expect(sanitize('junk')).toEqual(DEFAULT_PREFERENCES);
  });
});
