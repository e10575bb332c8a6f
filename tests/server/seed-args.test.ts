import { describe, expect, it } from 'vitest';
import { ArgsError, worldFromArgs } from '../../server/seed/args';

describe('npm run seed flags', () => {
  it('reads --days for every device (all of it raw), --fridge-days, --history-days, --sites and --seed', () => {
    expect(worldFromArgs(['--days', '30', '--sites', '120'])).toEqual({ world: { days: 30, fridgeDays: 30, historyDays: 30, sites: 120 }, asked: true, help: false });
    expect(worldFromArgs(['--days=3', '--fridge-days', '90', '--seed', '7']).world).toEqual({ days: 3, fridgeDays: 90, historyDays: 3, seed: 7 });
    expect(worldFromArgs(['--history-days', '180'])).toEqual({ world: { historyDays: 180 }, asked: true, help: false });
  });

  it('keeps the defaults without flags, and SEED_DAYS (every device, all raw) from the environment under them', () => {
    expect(worldFromArgs([])).toEqual({ world: {}, asked: false, help: false });
    expect(worldFromArgs([], { SEED_DAYS: 5 }).world).toEqual({ days: 5, fridgeDays: 5, historyDays: 5 });
    expect(worldFromArgs(['--sites', '12'], { SEED_DAYS: 5 }).world).toEqual({ days: 5, fridgeDays: 5, historyDays: 5, sites: 12 });
    expect(worldFromArgs(['--history-days', '90'], { SEED_DAYS: 2 }).world).toEqual({ days: 2, fridgeDays: 2, historyDays: 90 });
    expect(worldFromArgs(['--help']).help).toBe(true);
  });

  it.each([
    [['--days', 'x'], '--days must be a whole number'],
    [['--days', '1.5'], '--days must be a whole number'],
    [['--days', '-3'], '--days'],
    [['--days', '0'], '--days must be at least 1'],
    [['--days', '731'], '--days must be at most 730'],
    [['--history-days', '0'], '--history-days must be at least 1'],
    [['--sites', '5001'], '--sites must be at most 5000'],
    [['--fridge-days', ''], '--fridge-days must be a whole number'],
    [['--days'], 'days'],
    [['--colour', 'red'], 'colour'],
    [['extra'], 'extra'],
  ])('refuses %j with a message naming the flag', (argv, message) => {
    expect(() => worldFromArgs(argv)).toThrow(ArgsError);
    expect(() => worldFromArgs(argv)).toThrow(message);
  });
});
