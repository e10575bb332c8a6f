import { whiteLabelRow } from '../../../src/api/contract/white-label';
import type { ResourceCase } from './case';

/** A host name made from the check's unique name: "Zeta 3 ab1cd" is zeta-3-ab1cd.example. */
const hostOf = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example`;

const settings = { faviconUrl: '/favicon.svg', loginLogoUrl: 'https://cdn.example/login.png', siteLogoUrl: '', websiteTitle: 'Title' };

export const resourceCase: ResourceCase = {
  item: whiteLabelRow,
  adminOnly: true,
  readers: 'admins',
  create: (_c, name) => ({ domain: hostOf(name), ...settings, websiteTitle: name }),
  update: () => ({ faviconUrl: '', loginLogoUrl: '/login.png', siteLogoUrl: 'http://assets.example:8443/s.svg', websiteTitle: `Renamed ${Math.random().toString(36).slice(2, 8)}` }),
  bad: [
    { body: () => ({ domain: 'not a host!', ...settings }), field: 'domain' },
    { body: () => ({ domain: 'ok.example', ...settings, faviconUrl: 'javascript:alert(1)' }), field: 'faviconUrl' },
    { body: () => ({ domain: 'ok.example', ...settings, siteLogoUrl: '//evil.example/x.png' }), field: 'siteLogoUrl' },
    { body: () => ({ domain: 'ok.example', ...settings, websiteTitle: 'x'.repeat(201) }), field: 'websiteTitle' },
    { body: () => ({ domain: 'ok.example', ...settings, websiteTitle: 42 }), field: 'websiteTitle' },
    { body: () => ({ domain: 'ok.example', ...settings, extra: 1 }), field: 'extra' },
  ],
  sortField: 'domain',
};
