import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const invalidInput = style({
  borderColor: vars.palette.error.main,
  boxShadow: `inset 0 0 0 1px ${vars.palette.error.main}`,
});

export const fieldErrors = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  color: vars.palette.error.main,
  fontSize: vars.font.size.sm,
  display: 'grid',
  gap: '2px',
});

export const hint = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.palette.text.secondary });

export const rule = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.palette.text.secondary });
export const ruleList = style({ listStyle: 'none', margin: `${vars.space.xs} 0 0`, padding: 0, display: 'grid', gap: '2px' });
const ruleItemBase = style({ display: 'flex', alignItems: 'baseline', gap: vars.space.xs });
export const ruleItem = styleVariants({
  met: [ruleItemBase, { color: vars.palette.success.main }],
  unmet: [ruleItemBase, { color: vars.palette.text.secondary }],
});
export const ruleMark = style({ display: 'inline-block', width: '1em', textAlign: 'center', fontWeight: 700 });

export const checkboxField = style({ marginBottom: vars.space.md });
export const checkboxRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const checkbox = style({ width: '1.125rem', height: '1.125rem', margin: 0, accentColor: vars.palette.primary.main });

export const doneText = style({ margin: `0 0 ${vars.space.lg}`, lineHeight: 1.5 });
export const linkButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  minHeight: '42px',
  borderRadius: vars.radius.sm,
  background: vars.palette.primary.main,
  color: vars.palette.primary.contrast,
  fontWeight: 500,
  textDecoration: 'none',
  boxSizing: 'border-box',
  selectors: { '&:hover': { background: vars.palette.primary.dark } },
});
export const heading = style({ outline: 'none' });
export const colourInput = style({
  width: '4rem',
  height: '2.5rem',
  padding: 2,
  border: `1px solid ${vars.palette.border.strong}`,
  borderRadius: vars.radius.sm,
  background: vars.palette.surface.card,
  cursor: 'pointer',
});
export const group = style({ border: 'none', padding: 0, margin: `0 0 ${vars.space.md}`, display: 'grid', gap: vars.space.xs });
export const groupOptions = style({ display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.md}` });
