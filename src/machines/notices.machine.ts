import { assign, setup } from 'xstate';
import type { I18nKey } from '../i18n';

export interface Notice {
  id: number;
  level: 'error' | 'warning' | 'info';
  /** A server message, shown as given. */
  message?: string;
  /** Or a dictionary key, translated by the view. */
  key?: I18nKey;
}

export type NoticesEvent =
  | { type: 'notice.show'; level: Notice['level']; message?: string; key?: I18nKey }
  | { type: 'notice.dismiss'; id: number };

/** The notices on screen: newest last, at most five, the same text never twice at once. */
export const noticesMachine = setup({
  types: { context: {} as { notices: Notice[]; nextId: number }, events: {} as NoticesEvent },
}).createMachine({
  id: 'notices',
  context: { notices: [], nextId: 1 },
  on: {
    'notice.show': {
      actions: assign(({ context, event }) => {
        const rest = context.notices.filter((n) => n.message !== event.message || n.key !== event.key);
        const notice: Notice = { id: context.nextId, level: event.level, message: event.message, key: event.key };
        return { notices: [...rest, notice].slice(-5), nextId: context.nextId + 1 };
      }),
    },
    'notice.dismiss': {
      actions: assign({ notices: ({ context, event }) => context.notices.filter((n) => n.id !== event.id) }),
    },
  },
});
