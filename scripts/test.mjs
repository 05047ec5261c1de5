// `npm test`: lint, types, unit, integration (embedded PGlite), build, browser. The test suites all run even
// when an earlier one fails, so one red suite does not hide another; lint, types and the build stop the run
// (nothing after them would mean anything). With TEST_POSTGRES_URL set (as `.ci/run` does), the integration
// suite runs a second time against that PostgreSQL server, beside the browser suite: both spend much of
// their time waiting on servers and browsers, so on two cores they take little longer together than the
// browser suite alone. Its output is kept in .vitest-results/integration-postgres.log and printed after.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run <script>`; resolves to its exit code. Output goes to the console, or to `log` when given. */
function run(script, { env = {}, log } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', script], {
      env: { ...process.env, ...env },
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (log) {
      const out = createWriteStream(log);
      child.stdout.pipe(out);
      child.stderr.pipe(out);
    }
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(
        `test: ${script}${env.VITEST_SUITE ? ` (${env.VITEST_SUITE})` : ''} ended with ${code} after ${seconds} s`,
      );
      resolve(code ?? 1);
    });
  });
}

let failed = false;
for (const script of ['lint', 'typecheck']) if ((await run(script)) !== 0) process.exit(1);
if ((await run('test:unit')) !== 0) failed = true;
if ((await run('test:integration')) !== 0) failed = true;
if ((await run('build')) !== 0) process.exit(1);

const postgresUrl = process.env.TEST_POSTGRES_URL;
mkdirSync('.vitest-results', { recursive: true });
const postgresLog = '.vitest-results/integration-postgres.log';
const postgres = postgresUrl
  ? run('test:integration', {
      env: { DATABASE_URL: postgresUrl, VITEST_SUITE: 'integration-postgres' },
      log: postgresLog,
    })
  : Promise.resolve(0);
if ((await run('test:e2e')) !== 0) failed = true;
if ((await postgres) !== 0) failed = true;
if (postgresUrl) process.stdout.write(readFileSync(postgresLog, 'utf8'));
process.exit(failed ? 1 : 0);
