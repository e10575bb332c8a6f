import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const filterField = style({ minWidth: '11rem' });
export const tags = style({ display: 'flex', flexWrap: 'wrap', gap: `0 ${vars.space.sm}` });
export const tag = style({ whiteSpace: 'nowrap' });
export const never = style({ color: vars.palette.text.secondary });
