import type { CSSProperties, ReactNode } from 'react';
import { scrollArea } from './scroll-area.css';

/**
 * A bounded box that scrolls its content (a long list of checkboxes), so a long list does not push what follows
 * away. Its content should hold focusable controls, so a keyboard reaches everything in it.
 */
export function ScrollArea({ maxHeight, children }: { /** The most it grows to, as a CSS length ("9.5rem"). */ maxHeight: string; children: ReactNode }) {
  return (
    <div className={scrollArea} style={{ '--ui-scroll-max': maxHeight } as CSSProperties}>
      {children}
    </div>
  );
}
