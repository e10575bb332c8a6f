import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { noticesMachine } from '../../src/machines/notices.machine';

describe('notices machine', () => {
  it('shows, de-duplicates, caps at five and dismisses notices', () => {
    const a = createActor(noticesMachine).start();
    a.send({ type: 'notice.show', level: 'error', message: 'A' });
    a.send({ type: 'notice.show', level: 'error', message: 'A' });
    expect(a.getSnapshot().context.notices).toHaveLength(1);
    for (const m of ['B', 'C', 'D', 'E', 'F']) a.send({ type: 'notice.show', level: 'info', message: m });
    const list = a.getSnapshot().context.notices;
    expect(list.map((n) => n.message)).toEqual(['B', 'C', 'D', 'E', 'F']);
    a.send({ type: 'notice.dismiss', id: list[0]!.id });
    expect(a.getSnapshot().context.notices.map((n) => n.message)).toEqual(['C', 'D', 'E', 'F']);
  });
});
