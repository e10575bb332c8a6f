import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DAY, HOUR, bucketBoundaries, bucketStart, grainFor, localDayStart, nextLocalDayStart, offsetAt, wallToInstant,
} from '../../server/monitoring/time';
import { bruteLocalBucket, localParts } from './readings-fixtures';

const at = (iso: string) => Date.parse(iso);
const iso = (t: number) => new Date(t).toISOString();
const ZONES = ['Europe/London', 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Auckland', 'America/Santiago', 'America/Havana', 'Australia/Lord_Howe', 'America/New_York', 'UTC'];

describe('local days', () => {
  it('a London day is 23 hours in spring and 25 in autumn', () => {
    const spring = localDayStart(at('2024-03-31T12:00:00Z'), 'Europe/London');
    expect(iso(spring)).toBe('2024-03-31T00:00:00.000Z');
    expect(nextLocalDayStart(spring, 'Europe/London') - spring).toBe(23 * HOUR);
    const autumn = localDayStart(at('2024-10-27T12:00:00Z'), 'Europe/London');
    expect(iso(autumn)).toBe('2024-10-26T23:00:00.000Z');
    expect(nextLocalDayStart(autumn, 'Europe/London') - autumn).toBe(25 * HOUR);
    // Both passes of the repeated hour belong to the same local day.
    expect(localDayStart(at('2024-10-27T00:30:00Z'), 'Europe/London')).toBe(autumn);
    expect(localDayStart(at('2024-10-27T01:30:00Z'), 'Europe/London')).toBe(autumn);
  });

  it('a day whose midnight does not exist starts when the clock jumps (America/Santiago, America/Havana)', () => {
    // Chile skips 2024-09-08 00:00 → 01:00 local: the day starts at 04:00Z, 23 hours long.
    const cl = localDayStart(at('2024-09-08T15:00:00Z'), 'America/Santiago');
    expect(iso(cl)).toBe('2024-09-08T04:00:00.000Z');
    expect(localParts(cl, 'America/Santiago')).toEqual({ date: '2024-09-08', hour: 1, minute: 0 });
    expect(nextLocalDayStart(cl, 'America/Santiago') - cl).toBe(23 * HOUR);
    const cu = localDayStart(at('2024-03-10T15:00:00Z'), 'America/Havana');
    expect(localParts(cu, 'America/Havana')).toEqual({ date: '2024-03-10', hour: 1, minute: 0 });
  });

  it.each(ZONES)('%s: every day start of 2024 equals a brute-force walk over Intl', (zone) => {
    let t = at('2024-01-01T12:00:00Z');
    const end = at('2025-01-01T00:00:00Z');
    while (t < end) {
      const start = localDayStart(t, zone);
      expect(start, `${zone} ${iso(t)}`).toBe(bruteLocalBucket(t, zone, 24));
      t = nextLocalDayStart(start, zone) + 7 * HOUR;
    }
  });

  it('holds the day-boundary property for random instants and zones', () => {
    fc.assert(
      fc.property(fc.integer({ min: at('2000-01-01T00:00:00Z'), max: at('2035-01-01T00:00:00Z') }), fc.constantFrom(...ZONES), (ts, zone) => {
        const start = localDayStart(ts, zone);
        const next = nextLocalDayStart(start, zone);
        expect(start).toBeLessThanOrEqual(ts);
        expect(next).toBeGreaterThan(ts);
        expect(localParts(start, zone).date).toBe(localParts(ts, zone).date);
        expect(localParts(start - 1, zone).date < localParts(ts, zone).date).toBe(true);
        expect(next - start).toBeGreaterThanOrEqual(22 * HOUR);
        expect(next - start).toBeLessThanOrEqual(26 * HOUR);
      }),
      { numRuns: 300 },
    );
  });

  it('offsets come from Intl and follow daylight saving', () => {
    expect(offsetAt(at('2024-03-31T00:59:00Z'), 'Europe/London')).toBe(0);
    expect(offsetAt(at('2024-03-31T01:00:00Z'), 'Europe/London')).toBe(HOUR);
    expect(offsetAt(at('2024-06-01T00:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR);
    expect(offsetAt(at('2024-06-01T00:00:00Z'), 'Asia/Kathmandu')).toBe(5.75 * HOUR);
    // The first instant the clock reads 01:30 on the spring day is the jump itself (01:00Z reads 02:00).
    expect(iso(wallToInstant(Date.UTC(2024, 2, 31, 1, 30), 'Europe/London'))).toBe('2024-03-31T01:00:00.000Z');
    // On the autumn day 01:30 happens twice; the first is meant.
    expect(iso(wallToInstant(Date.UTC(2024, 9, 27, 1, 30), 'Europe/London'))).toBe('2024-10-27T00:30:00.000Z');
  });
});

describe('buckets', () => {
  it('6 and 12 hours are local wall-clock blocks from midnight, shorter or longer on DST days', () => {
    const b = bucketBoundaries(at('2024-03-30T22:00:00Z'), at('2024-03-31T23:00:00Z'), '6hours', 'Europe/London');
    expect(b.map(iso)).toEqual([
      '2024-03-30T18:00:00.000Z', '2024-03-31T00:00:00.000Z', '2024-03-31T05:00:00.000Z', '2024-03-31T11:00:00.000Z',
      '2024-03-31T17:00:00.000Z', '2024-03-31T23:00:00.000Z',
    ]);
    for (const zone of ['Europe/London', 'Asia/Kolkata', 'Pacific/Auckland']) {
      for (let t = at('2024-10-26T00:00:00Z'); t < at('2024-10-29T00:00:00Z'); t += 37 * 60_000) {
        expect(bucketStart(t, '6hours', zone)).toBe(bruteLocalBucket(t, zone, 6));
        expect(bucketStart(t, '12hours', zone)).toBe(bruteLocalBucket(t, zone, 12));
      }
    }
  });

  it('up to an hour they are UTC-aligned in whole-hour zones and on the half hour in Asia/Kolkata', () => {
    const t = at('2024-10-27T01:40:00Z');
    expect(iso(bucketStart(t, '1hour', 'Europe/London'))).toBe('2024-10-27T01:00:00.000Z');
    expect(iso(bucketStart(t, '30minutes', 'Europe/London'))).toBe('2024-10-27T01:30:00.000Z');
    expect(iso(bucketStart(t, '1hour', 'Asia/Kolkata'))).toBe('2024-10-27T01:30:00.000Z');
    expect(iso(bucketStart(t, '15minutes', 'Asia/Kathmandu'))).toBe('2024-10-27T01:30:00.000Z');
    // The repeated autumn hour is two buckets.
    const b = bucketBoundaries(at('2024-10-27T00:00:00Z'), at('2024-10-27T02:00:00Z'), '1hour', 'Europe/London');
    expect(b.map(iso)).toEqual(['2024-10-27T00:00:00.000Z', '2024-10-27T01:00:00.000Z', '2024-10-27T02:00:00.000Z']);
  });

  it('Australia/Lord_Howe\'s half-hour autumn shift: 01:00–01:59, then 01:30–01:59 again, as two hour buckets', () => {
    // 2022-04-03 02:00 LHDT (+11) becomes 01:30 LHST (+10:30) at 15:00Z; the failing case CI's property run found.
    const zone = 'Australia/Lord_Howe';
    const b = bucketBoundaries(at('2022-04-02T14:30:00Z'), at('2022-04-02T16:10:00Z'), '1hour', zone);
    expect(b.map(iso)).toEqual([
      '2022-04-02T14:00:00.000Z', '2022-04-02T15:00:00.000Z', '2022-04-02T15:30:00.000Z', '2022-04-02T16:30:00.000Z',
    ]);
    expect(iso(bucketStart(at('2022-04-02T15:10:00Z'), '1hour', zone))).toBe('2022-04-02T15:00:00.000Z');
    // Spring: 02:00 LHST jumps to 02:30 LHDT at 15:30Z; the hour after the jump is half long.
    const spring = bucketBoundaries(at('2022-10-01T14:40:00Z'), at('2022-10-01T16:10:00Z'), '1hour', zone);
    expect(spring.map(iso)).toEqual(['2022-10-01T14:30:00.000Z', '2022-10-01T15:30:00.000Z', '2022-10-01T16:00:00.000Z', '2022-10-01T17:00:00.000Z']);
  });

  it('every sub-hour bucket start equals a brute-force walk over Intl across the DST days of 2022', () => {
    // A bucket starts where the clock reads a multiple of the interval or where the offset changes.
    const offsetOf = (t: number, zone: string) => {
      const p = localParts(t, zone);
      return Date.UTC(Number(p.date.slice(0, 4)), Number(p.date.slice(5, 7)) - 1, Number(p.date.slice(8, 10)), p.hour, p.minute) - t;
    };
    const brute = (ts: number, zone: string, minutes: number) => {
      let t = ts - (ts % 60_000);
      for (;;) {
        const p = localParts(t, zone);
        if ((p.hour * 60 + p.minute) % minutes === 0 || offsetOf(t - 60_000, zone) !== offsetOf(t, zone)) return t;
        t -= 60_000;
      }
    };
    const days: [string, string][] = [
      ['Australia/Lord_Howe', '2022-04-02T13:00:00Z'], ['Australia/Lord_Howe', '2022-10-01T14:00:00Z'],
      ['Europe/London', '2022-03-27T00:00:00Z'], ['Europe/London', '2022-10-30T00:00:00Z'],
      ['America/Santiago', '2022-09-11T02:00:00Z'], ['Asia/Kathmandu', '2022-06-01T00:00:00Z'],
    ];
    for (const [zone, start] of days) {
      for (const [interval, minutes] of [['15minutes', 15], ['30minutes', 30], ['1hour', 60]] as const) {
        for (let t = at(start); t < at(start) + 4 * HOUR; t += 7 * 60_000) {
          expect(bucketStart(t, interval, zone), `${zone} ${interval} ${iso(t)}`).toBe(brute(t, zone, minutes));
        }
        const b = bucketBoundaries(at(start), at(start) + 4 * HOUR, interval, zone);
        for (let i = 1; i < b.length; i++) expect(bucketStart(b[i]!, interval, zone)).toBe(b[i]);
        for (let i = 1; i < b.length; i++) expect(bucketStart(b[i]! - 1, interval, zone)).toBe(b[i - 1]);
      }
    }
  });

  it('boundaries widen the range to whole buckets and increase strictly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: at('2020-01-01T00:00:00Z'), max: at('2030-01-01T00:00:00Z') }),
        fc.integer({ min: 1, max: 20 * DAY }),
        fc.constantFrom('15minutes', '30minutes', '1hour', '6hours', '12hours', '24hours' as const),
        fc.constantFrom(...ZONES),
        (from, span, interval, zone) => {
          const to = from + span;
          const b = bucketBoundaries(from, to, interval, zone);
          expect(b[0]).toBeLessThanOrEqual(from);
          expect(b[1]).toBeGreaterThan(from);
          expect(b.at(-1)).toBeGreaterThanOrEqual(to);
          expect(b.at(-2)).toBeLessThan(to);
          for (let i = 1; i < b.length; i++) expect(b[i]).toBeGreaterThan(b[i - 1]!);
          expect(b[0]).toBe(bucketStart(from, interval, zone));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('grainFor', () => {
  const week = (zone: string, interval: '1hour' | '6hours' | '24hours' | '30minutes') =>
    bucketBoundaries(at('2024-03-28T00:00:00Z'), at('2024-04-04T00:00:00Z'), interval, zone);
  it('picks the coarsest rollup whose buckets nest in the query buckets', () => {
    expect(grainFor('24hours', week('Europe/London', '24hours'), 'Europe/London')).toBe('1d');
    expect(grainFor('24hours', week('Europe/London', '24hours'), 'Europe/Dublin')).toBe('1d');
    expect(grainFor('6hours', week('Europe/London', '6hours'), 'Europe/London')).toBe('1h');
    expect(grainFor('1hour', week('Europe/London', '1hour'), 'Europe/London')).toBe('1h');
    expect(grainFor('30minutes', week('Europe/London', '30minutes'), 'Europe/London')).toBe('15m');
    // Kolkata's hours start on the UTC half hour: quarter-hours serve them.
    expect(grainFor('1hour', week('Asia/Kolkata', '1hour'), 'Asia/Kolkata')).toBe('15m');
    expect(grainFor('24hours', week('Asia/Kolkata', '24hours'), 'Asia/Kolkata')).toBe('1d');
    // A feed whose daily rollups were cut in another zone: its days are summed from hours or quarter-hours.
    expect(grainFor('24hours', week('Europe/London', '24hours'), 'Europe/Paris')).toBe('1h');
    expect(grainFor('24hours', week('Asia/Kolkata', '24hours'), 'Europe/London')).toBe('15m');
  });
});
