import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { createDb, migrateToLatest } from '../db/database';
import { seedIfEmpty } from './seed';
import { worldIsEmpty } from './writer';
import { ArgsError, USAGE, worldFromArgs } from './args';
import { freezeClock } from '../clock';

/** `npm run seed`: migrate, then seed the accounts and the world where the database has none. */
async function main(): Promise<number> {
  const config = loadConfig();
  // A world seeded for a frozen server ends where that server's clock stands.
  if (config.FROZEN_NOW !== undefined) freezeClock(config.FROZEN_NOW);
  const { world, asked, help } = worldFromArgs(process.argv.slice(2), config);
  if (help) {
    console.log(USAGE);
    return 0;
  }
  const { db, dialect } = createDb({ databaseUrl: config.DATABASE_URL, sqliteFile: path.join(config.DATA_DIR, 'sitewatch.db') });
  try {
    await migrateToLatest(db);
    const hadWorld = !(await worldIsEmpty(db));
    const seeded = await seedIfEmpty(db, config.SCRYPT_LOG_N, { world, log: (line) => console.log(line) });
    if (hadWorld) {
      const where = dialect === 'postgres' ? 'an empty DATABASE_URL' : `an empty DATA_DIR (this one is ${config.DATA_DIR})`;
      console.log(`The database already has a demo world; it was left alone. To build another, point at ${where}.`);
      // Flags asked for a particular world that was not built: say so with the exit status too.
      return asked ? 1 : 0;
    }
    console.log(seeded ? `seeded (${dialect})` : `nothing to seed (${dialect})`);
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    if (e instanceof ArgsError || e instanceof ConfigError) {
      console.error(`${e.message}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error(e);
    process.exit(1);
  },
);
