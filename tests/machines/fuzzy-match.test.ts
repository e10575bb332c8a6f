import { describe, expect, it } from 'vitest';
import { normalise, rank, score, terms } from '../../src/machines/fuzzy-match';

const names = ['Dashboard', 'Site Dashboard', 'Admin Dashboard', 'Dining Room First Floor', 'Café Nord', 'My Profile', 'Elmhurst Care Home'];
const r = (q: string) => rank(names, q, (n) => normalise(n));

describe('fuzzy matcher', () => {
  it('normalises case and accents and splits terms', () => {
    expect(normalise('Café NORD')).toBe('cafe nord');
    expect(terms('  Site   dash ')).toEqual(['site', 'dash']);
  });

  it('ranks a whole match over a prefix over a word prefix over a substring over a subsequence', () => {
    const hay = normalise('Site Dashboard');
    const whole = score(normalise('dashboard'), ['dashboard'])!;
    const prefix = score(hay, ['site'])!;
    const word = score(hay, ['dash'])!;
    const sub = score(hay, ['ashb'])!;
    const fuzzy = score(hay, ['sdb'])!;
    expect(whole).toBeGreaterThan(prefix);
    expect(prefix).toBeGreaterThan(word);
    expect(word).toBeGreaterThan(sub);
    expect(sub).toBeGreaterThan(fuzzy);
    expect(score(hay, ['xyz'])).toBeNull();
  });

  it('matches terms in any order, every term required', () => {
    expect(r('dashboard site')[0]).toBe('Site Dashboard');
    expect(r('floor dining')).toEqual(['Dining Room First Floor']);
    expect(r('dining kitchen')).toEqual([]);
  });

  it('puts the exact name first and keeps the given order among equals', () => {
    expect(r('dashboard').slice(0, 3)).toEqual(['Dashboard', 'Site Dashboard', 'Admin Dashboard']);
    expect(r('cafe')).toEqual(['Café Nord']);
    expect(r('')).toEqual(names);
  });

  it('finds out-of-order letters as a last resort (subsequence)', () => {
    expect(r('elmcare')).toEqual(['Elmhurst Care Home']);
    expect(r('qz')).toEqual([]);
    expect(r('elm care')).toEqual(['Elmhurst Care Home']);
    expect(r('mprf')).toEqual(['My Profile']);
  });

  it('a later word start beats a mid-word hit', () => {
    expect(score('bread dash', ['dash'])!).toBeGreaterThan(score('readash', ['dash'])!);
    expect(score('xdash dash', ['dash'])!).toBe(score('ydash dash', ['dash'])!);
  });
});
