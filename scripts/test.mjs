// `npm test`: lint, types, unit, build, then the browser suite beside the integration suite (embedded PGlite,
// then, with TEST_POSTGRES_URL set as `.ci/run` does, the same suite against that PostgreSQL server, in the lane freed first). The
// test suites all run even when an earlier one fails, so one red suite does not hide another; lint, types and
// the build stop the run (nothing after them would mean anything). The browser and integration suites spend
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

let failed = false;
// Lint and types, then the unit suite and the build, each pair side by side on the two cores (each is
// mostly one single-threaded process); their outputs go to .vitest-results/<script>.log, printed in order.
mkdirSync('.vitest-results', { recursive: true });
const logged = (script) => `.vitest-results/${script.replace(/:/g, '-')}.log`;
async function pair(scripts) {
  const codes = await Promise.all(scripts.map((script) => run(script, { log: logged(script) })));
  for (const script of scripts) process.stdout.write(readFileSync(logged(script), 'utf8'));
  return codes;
}
if ((await pair(['lint', 'typecheck'])).some((code) => code !== 0)) process.exit(1);
const [unitCode, buildCode] = await pair(['test:unit', 'build']);
if (unitCode !== 0) failed = true;
if (buildCode !== 0) process.exit(1);

// Two lanes over three suites: the browser suite, the integration suite on PGlite and, when asked, the same
// suite on PostgreSQL. Each lane takes the next suite when it is free, so the PostgreSQL run starts as soon as
// either of the first two ends (two at a time: the two cores). The browser suite prints as it runs; the
// integration suites' outputs are kept in .vitest-results/<suite>.log and printed once the lanes end.
const postgresUrl = process.env.TEST_POSTGRES_URL;
const suites = [
  { script: 'test:e2e', env: {} },
  {
    script: 'test:integration',
    env: { VITEST_SUITE: 'integration' },
    log: '.vitest-results/integration.log',
  },
  ...(postgresUrl
    ? [
        {
          script: 'test:integration',
          env: { DATABASE_URL: postgresUrl, VITEST_SUITE: 'integration-postgres' },
          log: '.vitest-results/integration-postgres.log',
        },
      ]
    : []),
];
const queue = [...suites];
async function lane() {
  let code = 0;
  for (let suite = queue.shift(); suite; suite = queue.shift())
    if ((await run(suite.script, { env: suite.env, log: suite.log })) !== 0) code = 1;
  return code;
}
if ((await Promise.all([lane(), lane()])).some((code) => code !== 0)) failed = true;
for (const { log } of suites) if (log) process.stdout.write(readFileSync(log, 'utf8'));
process.exit(failed ? 1 : 0);
