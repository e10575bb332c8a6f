import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { freshAccessToken, RefreshFailedError } from '../../src/machines/token-gate';
import { apiError, held, session, startSession } from './session-fixtures';

const start = async (loggedTime: number, refresh = async () => session({ accessToken: 'fresh' })) => {
  const s = held({ expiresIn: 900 }, loggedTime);
  const t = startSession({ restored: { session: s, userTokens: {}, unauthorizedCount: 0 }, refreshToken: refresh });
  await waitFor(t.actor, (st) => st.matches('signedIn'));
  return { ...t, s };
};

describe('freshAccessToken', () => {
  it('returns null when signed out', async () => {
    const t = startSession();
    await waitFor(t.actor, (st) => st.matches('signedOut'));
    expect(await freshAccessToken(t.actor)).toBeNull();
  });

  it('uses the held token while it is valid for more than 5000 ms', async () => {
    const now = 1_000_000;
    const { actor, s, calls } = await start(now - 900_000 + 5001);
    expect(await freshAccessToken(actor, () => now)).toBe(s.accessToken);
    expect(calls.refreshToken).toBeUndefined();
  });

  it('refreshes first when the token expires within 5000 ms', async () => {
    const now = 1_000_000;
    const { actor, calls } = await start(now - 900_000 + 4999);
    expect(await freshAccessToken(actor, () => now)).toBe('fresh');
    expect(calls.refreshToken).toHaveLength(1);
  });

  it('passes a refresh failure on to the caller', async () => {
    const { actor } = await start(0, async () => Promise.reject(apiError(0, 'Network Error')));
    await expect(freshAccessToken(actor)).rejects.toBeInstanceOf(RefreshFailedError);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  });
});
