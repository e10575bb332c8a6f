import { describe, expect, it } from 'vitest';
import { mergeRanked, normalise, rankTop, ranker, score, terms } from '../../src/machines/fuzzy-match';

const names = ['Dashboard', 'Site Dashboard', 'Admin Dashboard', 'Dining Room First Floor', 'Café Nord', 'My Profile', 'Elmhurst Care Home'];
const r = (q: string) => rankTop(names, q, (n) => normalise(n)).items;

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

  // Words from a few lists, so that many texts tie and many share prefixes.
  const many = Array.from({ length: 3000 }, (_, i) =>
    normalise(`${['Elm', 'Oak', 'Ash', 'Élan'][i % 4]}${i % 7 ? '' : 'hurst'} ${['Care Home', 'Clinic', 'Cold Room', 'Kitchen', 'Care'][i % 5]} ${i}`),
  );
  const byScore = (query: string) => {
    // The definition: every match, best score first, the given order among equals.
    const ts = terms(query);
    if (!ts.length) return many;
    return many
      .map((h, i) => ({ h, i, s: score(h, ts) }))
      .filter((x) => x.s !== null)
      .sort((a, b) => b.s! - a.s! || a.i - b.i)
      .map((x) => x.h);
  };

  it('ranks the top of many texts as a full sort would, whatever the cut', () => {
    for (const q of ['e', 'elm c', 'care 1', 'oak kitchen', 'c', 'zz'])
      for (const limit of [1, 10, 500, 5000]) {
        const r = rankTop(many, q, (h) => h, limit);
        expect(r.items).toEqual(byScore(q).slice(0, limit));
        expect(r.total).toBe(byScore(q).length);
      }
  });

  it('ranks a query typed letter by letter (and deleted, and retyped) as it ranks it from scratch', () => {
    const typed = ranker(many, (h) => h);
    for (const q of ['e', 'el', 'elm', 'elm ', 'elm c', 'elm ca', 'elm c', 'el', 'ela', 'elan', 'elan k', '', 'c', 'co', 'col', 'cold 1', 'cold 12'])
      expect(typed(q, 50).items, q).toEqual(byScore(q).slice(0, 50));
  });

  it('merges two rankings by score, the first list winning ties, and counts both', () => {
    const a = rankTop(['dashboard', 'site dashboard'], 'dash', (h) => h);
    const b = rankTop(['dash', 'admin dashboard'], 'dash', (h) => h);
    const m = mergeRanked(a, b, 3);
    expect(m.items).toEqual(['dash', 'dashboard', 'site dashboard']);
    expect(m.total).toBe(4);
    const tie = mergeRanked(rankTop(['oak'], 'oak', (h) => h), rankTop(['oak'], 'oak', (h) => h));
    expect(tie.items).toEqual(['oak', 'oak']);
  });

  it('ranks in slices to the same answer, and answers a repeated query from memory', () => {
    const typed = ranker(many, (h) => h);
    const job = typed.start('elm c', 20);
    let slices = 1;
    // A deadline already past: one slice per call.
    let out = job.run(0);
    while (!out) {
      slices++;
      out = job.run(0);
    }
    expect(slices).toBeGreaterThan(2);
    expect(out.items).toEqual(byScore('elm c').slice(0, 20));
    expect(typed('elm c', 20)).toBe(out);
    // An abandoned job leaves nothing behind: the next query is ranked in full and right.
    typed.start('oak', 20).run(0);
    expect(typed('oak k', 20).items).toEqual(byScore('oak k').slice(0, 20));
  });
});
