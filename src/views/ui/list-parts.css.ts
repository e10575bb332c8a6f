import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

// Keyboard hints ("/ to filter", "j / k to move") mean nothing on a phone's touch keyboard.
export const touch = 'screen and (max-width: 600px), (pointer: coarse)';
export const filter = style({ display: 'grid', gap: vars.space.xxs, minWidth: '14rem', flex: '0 1 22rem' });
export const filterLabel = style({ fontSize: vars.font.size.sm, fontWeight: vars.font.weight.medium });
export const hint = style({ fontSize: vars.font.size.xs, color: vars.palette.text.secondary, '@media': { [touch]: { display: 'none' } } });
export const pager = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  flexWrap: 'wrap',
  color: vars.palette.text.secondary,
  fontSize: vars.font.size.sm,
  fontVariantNumeric: vars.font.numeric,
});
export const pagerRange = style({ marginInlineEnd: vars.space.sm });
export const swatch = style({ display: 'inline-block', width: '0.875rem', height: '0.875rem', borderRadius: '50%', verticalAlign: 'middle', marginInlineEnd: vars.space.xs, border: `1px solid ${vars.palette.border.main}` });
/** A secret shown once: monospaced, so a key can be read back character by character. */
export const secret = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', flex: '1 1 20rem', minWidth: 0 });
/** One tag in a list of tags: it never breaks between its dot and its name. */
export const tag = style({ whiteSpace: 'nowrap' });
