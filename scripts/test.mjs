// `npm test`: lint and types, then two lanes: the build and the browser suite beside the unit suite and the
// integration suite (embedded PGlite; then, with TEST_POSTGRES_URL set as `.ci/run` does, the same suite
// against that PostgreSQL server, in the lane freed first). The test suites all run even when an earlier one
// fails, so one red suite does not hide another; lint and types stop the run, a failed build the browser
// suite (nothing after them would mean anything). The browser and integration suites spend
// much of their time waiting on servers and browsers, so on two cores they take little longer side by side
// than the longer of the two alone (on a clean clone: 29 min in sequence before, see the closing note). Each
// suite's servers start from a demo database seeded once by its vitest globalSetup (docs/decisions.md, session 30).
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

// Lint and types side by side on the two cores (each is mostly one single-threaded process); their outputs go
// to .vitest-results/<script>.log, printed in order. Either failing stops the run.
mkdirSync('.vitest-results', { recursive: true });
const logged = (script) => `.vitest-results/${script.replace(/:/g, '-')}.log`;
const checks = ['lint', 'typecheck'];
const checkCodes = await Promise.all(checks.map((script) => run(script, { log: logged(script) })));
for (const script of checks) process.stdout.write(readFileSync(logged(script), 'utf8'));
if (checkCodes.some((code) => code !== 0)) process.exit(1);

// Then two lanes, two suites at a time (the two cores): the build then the browser suite in one, the unit
// suite then the integration suite on PGlite in the other (the unit suite runs one worker: it used to leave a
// core idle for its five minutes beside the 12 s build); with TEST_POSTGRES_URL set, the integration suite on
// PostgreSQL runs in the lane freed first. A failed build skips the browser suite and fails the run. The
// browser suite prints as it runs; the others' outputs are kept in .vitest-results/ and printed at the end.
const postgresUrl = process.env.TEST_POSTGRES_URL;
const logs = [logged('build'), logged('test:unit'), '.vitest-results/integration.log'];
const built = run('build', { log: logged('build') });
const browserLane = async () => ((await built) === 0 ? run('test:e2e') : 1);
const integrationLane = async () => {
  const unit = await run('test:unit', { log: logged('test:unit') });
  const integration = await run('test:integration', {
    env: { VITEST_SUITE: 'integration' },
    log: '.vitest-results/integration.log',
  });
  return unit || integration;
};
let postgres = null;
const thenPostgres = (lane) =>
  lane.then((code) => {
    postgres ??= postgresUrl
      ? run('test:integration', {
          env: { DATABASE_URL: postgresUrl, VITEST_SUITE: 'integration-postgres' },
          log: '.vitest-results/integration-postgres.log',
        })
      : Promise.resolve(0);
    return code;
  });
const codes = await Promise.all([thenPostgres(browserLane()), thenPostgres(integrationLane())]);
codes.push(await postgres);
if (postgresUrl) logs.push('.vitest-results/integration-postgres.log');
for (const log of logs) process.stdout.write(readFileSync(log, 'utf8'));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
