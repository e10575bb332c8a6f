import type { ComponentType, ReactElement } from 'react';
import { useSearch } from 'wouter';

/**
 * A management screen as a route: started afresh for each query (the palette's "New site" again, a link with other
 * filters), and with its form open when the query asks (`?new=1`).
 */
export function freshPerSearch(Screen: ComponentType<{ startNew: boolean }>): () => ReactElement {
  return function FreshPerSearch() {
    const search = useSearch();
    return <Screen key={search} startNew={new URLSearchParams(search).has('new')} />;
  };
}
