import { request } from './client';
import { whiteLabelSettings } from './contract/white-label';

/** docs/product.md, White-label: white-label settings by the current host name; answered for everyone, signed in or not. */
export const getWhiteLabel = (domain: string) =>
  request(whiteLabelSettings, 'GET', '/api/white-label', { searchParams: { Domain: domain }, isPublic: true, headers: { 'X-Ignore-Loading': '1' } });
