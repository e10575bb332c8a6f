import { Cluster } from './layout';
import * as r from './list-parts.css';

/** A node's tags: each name beside a dot of its own colour (the colour is data; the name is what is read). */
export function TagList({ tags }: { tags: readonly { id: string; name: string; colour: string }[] }) {
  return (
    <Cluster gap="xs">
      {tags.map((tag) => (
        <span key={tag.id} className={r.tag}>
          <span className={r.swatch} style={{ background: tag.colour }} aria-hidden="true" />
          {tag.name}
        </span>
      ))}
    </Cluster>
  );
}
