import { style } from '@vanilla-extract/css';

/** A box no taller than `--ui-scroll-max` that scrolls what does not fit. */
export const scrollArea = style({ maxHeight: 'var(--ui-scroll-max)', overflowY: 'auto', minWidth: 0 });
