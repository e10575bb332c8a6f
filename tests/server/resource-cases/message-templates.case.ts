import { messageTemplate } from '../../../src/api/contract/alerts';
import type { ResourceCase } from './case';
import { companyOf, feedOf } from './device-fixtures';

const valid = { name: 'Warm fridge', channel: 'email', locale: 'en', subject: '{severity}: {site}', body: '{node} reads {value} ({threshold}) since {time}. {link}' };

export const resourceCase: ResourceCase = {
  item: messageTemplate,
  create: (_c, name) => ({ ...valid, name }),
  update: () => ({ name: `Renamed ${Math.random().toString(36).slice(2, 8)}`, locale: 'fr', subject: 'Alerte {severity} : {site}' }),
  bad: [
    { body: () => ({ ...valid, name: '' }), field: 'name' },
    { body: () => ({ ...valid, body: 'Hello {nme}' }), field: 'body' },
    { body: () => ({ ...valid, subject: 'About {feeds}' }), field: 'subject' },
    { body: () => ({ ...valid, locale: 'de' }), field: 'locale' },
    { body: () => ({ ...valid, channel: 'sms' }), field: 'channel' },
    { body: () => ({ ...valid, extra: 1 }), field: 'extra' },
  ],
  async use(c, created) {
    const companyId = await companyOf(c);
    await c.t.deps.db
      .insertInto('alertRules')
      .values({
        id: `rule-${Math.random().toString(36).slice(2, 10)}`, companyId, name: 'Uses the template', enabled: 1, scopeFeedId: await feedOf(c, companyId),
        scopeNodeId: null, scopeSiteId: null, scopeSignalTypeId: null, condition: 'above', low: null, high: 8, forMinutes: 0, clearBy: 0,
        severity: 'minor', templateId: created.id, recipients: '[]', escalateTo: '[]', escalateAfterMinutes: null, mutedUntil: null, createdAt: Date.now(),
      })
      .execute();
  },
  sortField: 'name',
};
