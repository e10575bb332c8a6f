import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { noticesMachine } from '../../src/machines/notices.machine';
import type { I18nKey } from '../../src/i18n';

describe('notices machine', () => {
  it('shows, de-duplicates, caps at five and dismisses notices', () => {
    const a = createActor(noticesMachine).start();
    a.send({ type: 'notice.show', level: 'error', key: 'failure.server' });
    a.send({ type: 'notice.show', level: 'error', key: 'failure.server' });
    expect(a.getSnapshot().context.notices).toHaveLength(1);
    const keys: I18nKey[] = ['failure.network', 'failure.timeout', 'failure.forbidden', 'failure.notFound', 'failure.sessionEnded'];
    for (const key of keys) a.send({ type: 'notice.show', level: 'info', key });
    const list = a.getSnapshot().context.notices;
    expect(list.map((n) => n.key)).toEqual(keys);
    a.send({ type: 'notice.dismiss', id: list[0]!.id });
    expect(a.getSnapshot().context.notices.map((n) => n.key)).toEqual(keys.slice(1));
  });

  it('the same key with other values is another text: both show; the same key and values once', () => {
    const a = createActor(noticesMachine).start();
    a.send({ type: 'notice.show', level: 'error', key: 'failure.invalidCode.tries', params: { count: 2 } });
    a.send({ type: 'notice.show', level: 'error', key: 'failure.invalidCode.tries', params: { count: 1 } });
    a.send({ type: 'notice.show', level: 'error', key: 'failure.invalidCode.tries', params: { count: 1 } });
    expect(a.getSnapshot().context.notices.map((n) => n.params)).toEqual([{ count: 2 }, { count: 1 }]);
  });
});
