import { style, styleVariants } from '@vanilla-extract/css';

const base = style({ flexShrink: 0, verticalAlign: '-0.125em' });

/** An icon's class: `mirrored` for a picture that points along the line of reading. */
export const iconClass = styleVariants({
  base: [base],
  mirrored: { selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } },
});
