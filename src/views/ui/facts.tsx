import type { ReactNode } from 'react';
import * as c from './facts.css';

/** A few facts about one thing (a site's address, time zone, range): a description list, each label over its value. */
export function FactList({ children }: { /** Fact elements. */ children: ReactNode }) {
  return <dl className={c.facts}>{children}</dl>;
}

/** One fact of a FactList: a small quiet label over the value. */
export function Fact({ term, children }: { /** The label ("Time zone"). */ term: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt className={c.term}>{term}</dt>
      {/* A value is data (an address, coordinates, a range): isolated so a right-to-left page keeps its order. */}
      <dd className={c.value}>
        <bdi data-value>{children}</bdi>
      </dd>
    </div>
  );
}
