import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { connectRedis } from './infra/redis';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from './seed/index';
import { seedReferenceContent } from './seed/reference';

/** Reads config, opens the database, migrates, seeds a new shop, serves, and shuts down cleanly. */
async function main() {
  const started = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = openDatabase(config.database);
  const applied = await migrateToLatest(database.db);
  await seedReferenceContent(database.db);
  const seeded = config.seedDemo ? await seedDemoIfEmpty(database.db, config.dataDir) : 'skipped';
  const redis = config.redisUrl ? connectRedis(config.redisUrl) : null;
  const app = await buildApp({ config, database, redis });
  if (applied.length) app.log.info({ migrations: applied }, 'migrations applied');
  if (seeded === 'seeded') app.log.info('demo shop seeded');

  // Every background job (jobs.ts); closing the app stops them and waits for the runs in flight.
  app.services.jobs.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await redis?.quit();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  const lines = [
    '',
    `  The shop is open at ${url}  (${database.kind}, ready in ${Math.round(performance.now() - started)} ms)`,
    `  API documentation: ${url}/api-docs`,
  ];
  if (config.seedDemo) {
    lines.push(
      '  Demo accounts:',
      `    shopper  ${DEMO_ACCOUNTS.shopper.email} / ${DEMO_ACCOUNTS.shopper.password}`,
      `    agent    ${DEMO_ACCOUNTS.agent.email} / ${DEMO_ACCOUNTS.agent.password}`,
      `    agent    ${DEMO_ACCOUNTS.agent2.email} / ${DEMO_ACCOUNTS.agent2.password}`,
      `    operator ${DEMO_ACCOUNTS.operator.email} / ${DEMO_ACCOUNTS.operator.password}`,
      `    admin    ${DEMO_ACCOUNTS.admin.email} / ${DEMO_ACCOUNTS.admin.password}`,
    );
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
