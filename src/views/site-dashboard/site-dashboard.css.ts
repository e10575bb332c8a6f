import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** The site's facts: label over value, as many as fit on a line. */
export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.xl}`,
  margin: 0,
  fontSize: vars.font.size.sm,
});
globalStyle(`${facts} dt`, { color: vars.palette.text.secondary, fontSize: vars.font.size.xs });
globalStyle(`${facts} dd`, { margin: 0, fontVariantNumeric: vars.font.numeric });

/** The chart card's rows: controls, feeds, chart. */
export const chartCard = style({ display: 'grid', gap: vars.space.sm, minWidth: 0 });
export const rangeGroup = style({ display: 'grid', gap: vars.space.xs });
/** Lines the Apply button up with the inputs beside it, which carry a label above them. */
export const applyCell = style({ display: 'flex', alignItems: 'flex-end', paddingBottom: '1px' });
/** The feed checkboxes: a bounded, scrolling box, so a site with many feeds does not push the chart away. */
export const feeds = style({ maxHeight: '9.5rem', overflowY: 'auto', minWidth: 0 });

/** A sub-site link as a small chip. */
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.density.control.sm,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.palette.border.main}`,
  color: vars.palette.text.primary,
  fontSize: vars.font.size.sm,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.palette.state.hover, color: vars.palette.primary.main } },
});

/** The site picker: a wall of site links. */
export const picker = style({ minWidth: 0 });
// ui/Grid as a <ul> keeps the browser's list indent and markers; the picker has neither.
globalStyle(`${picker} > ul`, { listStyle: 'none', padding: 0, margin: 0 });
export const pick = style({
  display: 'grid',
  gap: vars.space.xxs,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.palette.surface.card,
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.md,
  color: vars.palette.text.primary,
  textDecoration: 'none',
  selectors: { '&:hover': { borderColor: vars.palette.primary.main } },
});
export const pickName = style({ fontWeight: vars.font.weight.semibold, color: vars.palette.primary.main });
