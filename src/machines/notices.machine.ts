import { assign, setup } from 'xstate';
import type { I18nKey } from '../i18n';

/** A notice is always a dictionary key: no text from the server reaches it, so it reads in the user's language. */
export interface Notice {
  id: number;
  level: 'error' | 'warning' | 'info';
  key: I18nKey;
  params?: Record<string, string | number>;
}

export type NoticesEvent =
  | { type: 'notice.show'; level: Notice['level']; key: I18nKey; params?: Notice['params'] }
  | { type: 'notice.dismiss'; id: number };

const sameText = (n: Notice, key: I18nKey, params: Notice['params']) => n.key === key && JSON.stringify(n.params ?? {}) === JSON.stringify(params ?? {});

/** The notices on screen: newest last, at most five, the same text never twice at once. */
export const noticesMachine = setup({
  types: { context: {} as { notices: Notice[]; nextId: number }, events: {} as NoticesEvent },
}).createMachine({
  id: 'notices',
  context: { notices: [], nextId: 1 },
  on: {
    'notice.show': {
      actions: assign(({ context, event }) => {
        const rest = context.notices.filter((n) => !sameText(n, event.key, event.params));
        const notice: Notice = { id: context.nextId, level: event.level, key: event.key, ...(event.params ? { params: event.params } : {}) };
        return { notices: [...rest, notice].slice(-5), nextId: context.nextId + 1 };
      }),
    },
    'notice.dismiss': {
      actions: assign({ notices: ({ context, event }) => context.notices.filter((n) => n.id !== event.id) }),
    },
  },
});
