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

  it('a caller waiting on a refresh that a company switch overtook gets the new company\'s token', async () => {
    const now = 1_000_000;
    let answer!: (s: ReturnType<typeof session>) => void;
    const c1 = held({ accessToken: 'c1-old', expiresIn: 900 }, now - 900_000);
    const c2 = held({ companyId: 'c2', companyName: 'Two', accessToken: 'c2-valid', expiresIn: 900 }, now);
    const t = startSession({ restored: { session: c1, userTokens: { c1, c2 }, unauthorizedCount: 0 }, refreshToken: () => new Promise((r) => (answer = r)) });
    await waitFor(t.actor, (st) => st.matches('signedIn'));
    const token = freshAccessToken(t.actor, () => now);
    t.actor.send({ type: 'company.switch', companyId: 'c2' });
    answer(session({ accessToken: 'c1-fresh' }));
    expect(await token).toBe('c2-valid');
    expect(t.calls.refreshToken).toHaveLength(1);
  });

  it('when the switched-to token is due as well, it is refreshed before the caller goes on', async () => {
    const now = 1_000_000;
    const answers: ((s: ReturnType<typeof session>) => void)[] = [];
    const c1 = held({ accessToken: 'c1-old' }, now - 900_000);
    const c2 = held({ companyId: 'c2', companyName: 'Two', accessToken: 'c2-old' }, now - 900_000);
    const t = startSession({ restored: { session: c1, userTokens: { c1, c2 }, unauthorizedCount: 0 }, refreshToken: () => new Promise((r) => answers.push(r)) });
    await waitFor(t.actor, (st) => st.matches('signedIn'));
    const token = freshAccessToken(t.actor, () => now);
    t.actor.send({ type: 'company.switch', companyId: 'c2' });
    answers[0]!(session({ accessToken: 'c1-fresh' }));
    await waitFor(t.actor, () => answers.length === 2);
    answers[1]!({ ...session({ companyId: 'c2', companyName: 'Two', accessToken: 'c2-fresh' }) });
    expect(await token).toBe('c2-fresh');
    expect(t.calls.refreshToken).toEqual([{ refreshToken: c1.refreshToken, companyId: 'c1' }, { refreshToken: c2.refreshToken, companyId: 'c2' }]);
  });

  it('passes a refresh failure on to the caller', async () => {
    const { actor } = await start(0, async () => Promise.reject(apiError(0, 'Network Error')));
    await expect(freshAccessToken(actor)).rejects.toBeInstanceOf(RefreshFailedError);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  });
});
