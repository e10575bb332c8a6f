import type { Choice } from './list-and-form.machine';
import { siteCoordinates } from '../api/contract/sites';
import type { LatLon } from '../api/contract/coordinates';

/** What the tree needs of a site. */
interface SiteNode {
  id: string;
  name: string;
  parentSiteId: string | null;
}

/** Between a parent's name and its sub-site's in a path label. */
export const PATH_SEPARATOR = ' › ';

/**
 * The sites as pickers offer them: each labelled with its path from the top ("London HQ › Cold store"), in tree
 * order, so a sub-site sits under its parent and two sub-sites of the same name under different parents differ.
 * A parent missing from the list (beyond the 1,000 loaded) starts a path of its own rather than hiding the site.
 */
export function siteChoices(sites: readonly SiteNode[]): Choice[] {
  const byId = new Map(sites.map((s) => [s.id, s]));
  const pathOf = (s: SiteNode): string[] => {
    const names: string[] = [];
    const seen = new Set<string>();
    for (let at: SiteNode | undefined = s; at && !seen.has(at.id); at = at.parentSiteId ? byId.get(at.parentSiteId) : undefined) {
      // The server refuses cycles; the set only keeps a damaged tree from looping here.
      seen.add(at.id);
      names.unshift(at.name);
    }
    return names;
  };
  const paths = sites.map((s) => ({ id: s.id, path: pathOf(s) }));
  // Compared part by part, so "A › B" follows "A" and precedes "A B" whatever the separator's code point.
  paths.sort((a, b) => {
    for (let i = 0; i < Math.min(a.path.length, b.path.length); i++) {
      const c = a.path[i]!.localeCompare(b.path[i]!);
      if (c !== 0) return c;
    }
    return a.path.length - b.path.length;
  });
  return paths.map((p) => ({ value: p.id, label: p.path.join(PATH_SEPARATOR) }));
}

/**
 * Decimal degrees as the screens show them, four places (about 11 m) with a true minus sign: "51.5072, −0.1275".
 * Not localised: a decimal comma would collide with the comma between latitude and longitude.
 */
export function decimalDegrees({ latitude, longitude }: LatLon): string {
  const one = (v: number) => {
    const fixed = v.toFixed(4);
    // A value that rounds to zero shows as 0.0000, not −0.0000.
    return Number(fixed) === 0 ? (0).toFixed(4) : fixed.replace('-', '\u2212');
  };
  return `${one(latitude)}, ${one(longitude)}`;
}

/** What a coordinates field's text means: the decimal degrees, 'empty' for no position, or 'invalid'. */
export function coordinatesReadout(text: string): string | 'empty' | 'invalid' {
  if (!text.trim()) return 'empty';
  const at = siteCoordinates(text);
  return at ? decimalDegrees(at) : 'invalid';
}
