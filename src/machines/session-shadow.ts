import { assertEvent, assign } from 'xstate';
import { sessionSetup } from './session-setup';

/**
 * The signed-in session's activity region: switching company (from the tokens held when it can), starting a shadow
 * and leaving it. One at a time; a refusal is the action's failure (a notice), never the end of the session.
 */
export const activityRegion = sessionSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: {
        'company.switch': [
          { guard: 'isCurrentCompany' },
          {
            guard: 'holdsCompanyToken',
            actions: [
              assign(({ context, event }) => ({ session: context.userTokens[event.companyId] ?? context.session })),
              'persist',
              'announceCompany',
            ],
          },
          { target: 'switching' },
        ],
        'shadow.company': { guard: 'isAdminNotShadowing', target: 'shadowing' },
        'shadow.user': { guard: 'isAdminNotShadowing', target: 'shadowing' },
        'shadow.exit': { guard: 'isShadow', target: 'exitingShadow' },
      },
    },
    switching: {
      entry: 'clearFeedback',
      invoke: {
        id: 'switch',
        src: 'switchCompany',
        input: ({ event }) => {
          assertEvent(event, 'company.switch');
          return { companyId: event.companyId };
        },
        onDone: {
          target: 'idle',
          actions: { type: 'adopt', params: ({ event }) => ({ session: event.output, keepTokens: true }) },
        },
        onError: { target: 'idle', actions: { type: 'actionFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    shadowing: {
      entry: 'clearFeedback',
      invoke: {
        id: 'shadow',
        src: 'startShadow',
        input: ({ event }) => {
          assertEvent(event, ['shadow.company', 'shadow.user']);
          return event.type === 'shadow.user' ? { kind: 'user' as const, id: event.userId } : { kind: 'company' as const, id: event.companyId };
        },
        onDone: {
          target: 'idle',
          actions: [{ type: 'adopt', params: ({ event }) => ({ session: event.output }) }, 'goHome'],
        },
        onError: { target: 'idle', actions: { type: 'actionFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    exitingShadow: {
      entry: 'clearFeedback',
      invoke: {
        id: 'exitShadow',
        src: 'exitShadow',
        onDone: {
          target: 'idle',
          actions: [{ type: 'adopt', params: ({ event }) => ({ session: event.output }) }, 'goHome'],
        },
        onError: { target: 'idle', actions: { type: 'actionFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
