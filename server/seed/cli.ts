import path from 'node:path';
import { loadConfig } from '../config';
import { createDb, migrateToLatest } from '../db/database';
import { seedIfEmpty } from './seed';

/** `npm run seed`: migrate and seed the configured database (a database that has users is left alone). */
async function main(): Promise<void> {
  const config = loadConfig();
  const { db, dialect } = createDb({ databaseUrl: config.DATABASE_URL, sqliteFile: path.join(config.DATA_DIR, 'sitewatch.db') });
  await migrateToLatest(db);
  const seeded = await seedIfEmpty(db, config.SCRYPT_LOG_N);
  console.log(seeded ? `seeded the demo world (${dialect})` : `the database already has users; nothing seeded (${dialect})`);
  await db.destroy();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
