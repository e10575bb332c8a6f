import { style } from '@vanilla-extract/css';

/** The picture before a button's words: as tall as the text, on its centre line, never squeezed. */
export const buttonIcon = style({ display: 'inline-flex', flexShrink: 0, fontSize: '1.15em', lineHeight: 0 });
