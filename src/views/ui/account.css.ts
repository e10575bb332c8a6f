import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const invalidInput = style({
  borderColor: vars.palette.status.error.fg,
  boxShadow: `inset 0 0 0 1px ${vars.palette.status.error.fg}`,
});

export const fieldErrors = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  color: vars.palette.status.error.fg,
  fontSize: vars.font.size.sm,
  display: 'grid',
  gap: '2px',
});

export const hint = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.palette.text.secondary });

export const rule = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.palette.text.secondary });
export const ruleList = style({ listStyle: 'none', margin: `${vars.space.xs} 0 0`, padding: 0, display: 'grid', gap: '2px' });
const ruleItemBase = style({ display: 'flex', alignItems: 'baseline', gap: vars.space.xs });
export const ruleItem = styleVariants({
  met: [ruleItemBase, { color: vars.palette.status.ok.fg }],
  unmet: [ruleItemBase, { color: vars.palette.text.secondary }],
});
export const ruleMark = style({ display: 'inline-block', width: '1em', textAlign: 'center', fontWeight: 700 });

export const checkboxField = style({ marginBottom: vars.space.md });
export const checkboxRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const checkbox = style({ width: '1rem', height: '1rem', margin: 0, accentColor: vars.palette.primary.main, flexShrink: 0 });

export const colourInput = style({
  width: '4rem',
  height: vars.density.control.md,
  padding: 2,
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.md,
  background: vars.palette.surface.card,
  cursor: 'pointer',
});
export const group = style({ border: 'none', padding: 0, margin: `0 0 ${vars.space.md}`, display: 'grid', gap: vars.space.xs });
export const groupOptions = style({ display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.md}` });
