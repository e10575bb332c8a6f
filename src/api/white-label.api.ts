import { resourceApi } from './resource.api';
import { whiteLabelRow, type WhiteLabelChange, type WhiteLabelInput, type WhiteLabelRow } from './contract/white-label';

// The public GET /api/white-label?Domain= is getWhiteLabel in branding.api.ts.

/** `/api/white-label-settings`: admins acting as themselves; a row's id is its host name. */
export const whiteLabelApi = resourceApi<WhiteLabelRow, WhiteLabelInput, WhiteLabelChange>('white-label-settings', whiteLabelRow);
