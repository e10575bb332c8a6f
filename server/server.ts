import Fastify from 'fastify';
import { ConfigError, isLoopbackHost, loadConfig, publicDemoWarning, trustProxyOf } from './config';
import { logSerializers } from './log-redact';
import { createDeps } from './bootstrap';
import { app, serverOptions } from './app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedIfEmpty, worldOptionsFrom } from './seed/seed';
import { startSimulator } from './jobs/simulator';
import { startAlertJobs } from './jobs/alerts';
import { startExportJobs } from './jobs/exports';
import { startPurge } from './jobs/purge';
import { startReadingsUpkeep } from './jobs/partitions';
import { startExportSchedules } from './jobs/export-schedules';
import { publishStored } from './live/publish';
import { freezeClock } from './clock';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const demoWarning = publicDemoWarning(config);
  if (demoWarning) console.warn(`\n${'!'.repeat(78)}\n${demoWarning}\n${'!'.repeat(78)}\n`);
  if (config.FROZEN_NOW !== undefined) freezeClock(config.FROZEN_NOW);
  const fastify = Fastify({ ...serverOptions, logger: { level: config.LOG_LEVEL, serializers: logSerializers }, trustProxy: trustProxyOf(config) });
  const deps = await createDeps(config, { log: (line) => fastify.log.info(line) });
  const seedLog = (line: string) => fastify.log.info(line);
  if (config.SEED && (await seedIfEmpty(deps.db, config.SCRYPT_LOG_N, { world: worldOptionsFrom(config), log: seedLog }))) fastify.log.info('seeded the demo world');
  await fastify.register(app, deps);
  const simulator = config.SIMULATE ? startSimulator(deps.db, {
        periodMs: config.SIMULATE_PERIOD_S * 1000,
        log: seedLog,
        onStored: (rows, result) => void publishStored(deps.db, deps.live, rows, result.alerts).catch(() => {}),
      }) : null;
  // Feeds gone silent, escalations and notification mails: one timer, a few seconds apart.
  const alerts = startAlertJobs(deps, { log: seedLog });
  // Export jobs: built, stored and mailed by a worker every instance runs (they share the queue).
  const exportsWorker = startExportJobs(deps, { log: seedLog });
  // Export schedules: due ones are queued as ordinary jobs for the worker above.
  const exportSchedules = startExportSchedules(deps, { log: seedLog });
  // Expired sessions, codes, reset tokens and rate-limit rows: nothing keeps them forever.
  const purge = startPurge(deps, { log: seedLog });
  // Readings' month partitions (PostgreSQL) and raw retention (RAW_RETENTION_DAYS): a pass now, then hourly.
  const readingsUpkeep = startReadingsUpkeep(deps, { log: seedLog });
  const close = async () => {
    await purge.stop();
    await readingsUpkeep.stop();
    await alerts.stop();
    await exportSchedules.stop();
    await exportsWorker.stop();
    await simulator?.stop();
    await fastify.close();
    await deps.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close());
  process.on('SIGTERM', () => void close());
  await fastify.listen({ port: config.PORT, host: config.HOST });
  const url = config.PUBLIC_URL ?? `http://localhost:${(fastify.server.address() as { port: number }).port}`;
  const lines = [
    '',
    `  Sitewatch is running at ${url}`,
    // The loopback default is silent otherwise: in a container it looks like a server that never answers.
    `  Listening on ${config.HOST}${isLoopbackHost(config.HOST) ? ' (this machine only; for a demo others reach, such as in a container: HOST=0.0.0.0 DEMO=1)' : ''}`,
    `  Database: ${deps.dialect === 'postgres' ? 'PostgreSQL' : `SQLite in ${config.DATA_DIR}`}`,
    `  Mail: ${deps.mailer.mode === 'outbox' ? `development outbox at ${url}/dev/mail` : 'SMTP'}`,
    `  Demo accounts (password ${DEMO_PASSWORD}):`,
    ...DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(26)} ${a.note}`),
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
