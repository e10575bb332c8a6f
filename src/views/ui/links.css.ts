import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** A link that reads as the text around it (a card's title) and shows itself as a link on hover. */
export const textLink = style({
  color: vars.palette.text.primary,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.palette.primary.main, textDecoration: 'underline' } },
});

/** A small pill holding a link (one of a row of related places). */
export const chipLink = style({
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

/** A whole small card that is one link: its title in the link colour, a quiet line under it. */
export const cardLink = style({
  display: 'grid',
  alignContent: 'start',
  gap: vars.space.xxs,
  minWidth: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.palette.surface.card,
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.md,
  color: vars.palette.text.primary,
  textDecoration: 'none',
  selectors: { '&:hover': { borderColor: vars.palette.primary.main } },
});
export const cardLinkTitle = style({ fontWeight: vars.font.weight.semibold, color: vars.palette.primary.main });
export const cardLinkDetail = style({ color: vars.palette.text.secondary, fontSize: vars.font.size.sm });
