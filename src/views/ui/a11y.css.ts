import { style } from '@vanilla-extract/css';

/** The rules that hide text from the eye and leave it to assistive technology (also applied under a media query). */
export const hiddenRules = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0,0,0,0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Read by assistive technology, not shown: the words a symbol or a colour stands for. */
export const visuallyHidden = style(hiddenRules);
