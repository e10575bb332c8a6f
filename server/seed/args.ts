import { parseArgs } from 'node:util';
import { z } from 'zod';
import { worldOptionsFrom } from './seed';
import { DEFAULT_WORLD, type WorldOptions } from './catalogue';

export const USAGE = `Usage: npm run seed -- [--days N] [--fridge-days N] [--history-days N] [--sites N] [--seed N]
  Seeds the demo accounts and the demo world into the configured database (DATA_DIR, or DATABASE_URL) when it has none.
  Without flags every device has ${DEFAULT_WORLD.historyDays} days of hourly and daily rollups, and raw 15-minute readings
  for ${DEFAULT_WORLD.fridgeDays} days on fridges and ${DEFAULT_WORLD.days} on the rest (their retention window).
  --days N          days of history for every device, all of it raw readings (like SEED_DAYS)
  --fridge-days N   days of raw readings for fridge probes (default: --days, else ${DEFAULT_WORLD.fridgeDays})
  --history-days N  days of hourly and daily rollups for every device (default: --days, else ${DEFAULT_WORLD.historyDays})
  --sites N         sites in all, sub-sites included (default ${DEFAULT_WORLD.sites})
  --seed N          layout seed: the same seed and sizes build the same world (default ${DEFAULT_WORLD.seed})`;

const count = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `--${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(1, `--${name} must be at least 1`).max(max, `--${name} must be at most ${max}`))
    .optional();

const flags = z.object({
  days: count('days', 730),
  'fridge-days': count('fridge-days', 730),
  'history-days': count('history-days', 730),
  sites: count('sites', 5_000),
  seed: count('seed', 2 ** 31),
  help: z.boolean().optional(),
});

/** The world the flags ask for (undefined fields keep the environment's and the defaults). */
export function worldFromArgs(argv: string[], env: { SEED_DAYS?: number } = {}): { world: Partial<WorldOptions>; asked: boolean; help: boolean } {
  let values: Record<string, unknown>;
  try {
    values = parseArgs({
      args: argv,
      options: {
        days: { type: 'string' }, 'fridge-days': { type: 'string' }, 'history-days': { type: 'string' },
        sites: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    throw new ArgsError(e instanceof Error ? e.message : String(e));
  }
  const parsed = flags.safeParse(values);
  if (!parsed.success) throw new ArgsError(parsed.error.issues.map((i) => i.message).join('\n'));
  const f = parsed.data;
  const world: Partial<WorldOptions> = { ...worldOptionsFrom(env) };
  if (f.days !== undefined) Object.assign(world, { days: f.days, fridgeDays: f.days, historyDays: f.days });
  if (f['fridge-days'] !== undefined) world.fridgeDays = f['fridge-days'];
  if (f['history-days'] !== undefined) world.historyDays = f['history-days'];
  if (f.sites !== undefined) world.sites = f.sites;
  if (f.seed !== undefined) world.seed = f.seed;
  const asked = [f.days, f['fridge-days'], f['history-days'], f.sites, f.seed].some((v) => v !== undefined);
  return { world, asked, help: f.help === true };
}

export class ArgsError extends Error {}
