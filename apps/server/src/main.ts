// Entry point. `node dist/main.js` serves the web app and the API and runs the worker in one process
// (embedded mode); `--role api` or `--role worker` split them for scale; `--seed-only` redoes the demo data.
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { demoPassword, demoUsernames } from './seed/demo';
import { startRuntime, type Role } from './runtime';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { role: { type: 'string', default: 'all' }, 'seed-only': { type: 'boolean', default: false } },
  });
  const role = values.role as Role;
  if (!['all', 'api', 'worker'].includes(role))
    throw new Error(`--role must be all, api or worker, got '${values.role}'`);
  const config = loadConfig();

  if (values['seed-only']) {
    const runtime = await startRuntime(config, { role: 'worker', seed: 'always' });
    await runtime.stop();
    printLogins(config.demoPassword, config.dataDir);
    return;
  }

  const runtime = await startRuntime(config, { role, seed: role === 'worker' ? 'never' : 'auto' });
  if (runtime.app) {
    await runtime.app.listen({ port: config.port, host: config.host });
    const where = `http://localhost:${config.port}`;
    console.log(
      `\nMetocean Studio is running on ${where} (${runtime.services.database.kind}, role ${role}).`,
    );
    console.log(`API reference: ${where}/api/docs`);
    if (!config.production) printLogins(config.demoPassword, config.dataDir);
  } else {
    console.log(`Metocean Studio worker started (${runtime.services.database.kind}).`);
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    runtime.services.log.info({ signal }, 'shutting down');
    runtime.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

function printLogins(configured: string | undefined, dataDir: string): void {
  const password = demoPassword(configured, dataDir);
  console.log('\nDemo logins (password for all of them):');
  console.log(`  users:    ${demoUsernames.join(', ')}`);
  console.log(`  password: ${password}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
