// `npm test`: lint beside types, build and unit, then the browser suite beside the integration suite (embedded
// PGlite, then, with TEST_POSTGRES_URL set as `.ci/run` does, the same suite against that PostgreSQL server, a
// half in each lane as it frees). The test suites all run even when an earlier one fails, so one red suite does
// not hide another; lint, types and the build stop the run (nothing after them would mean anything). Side by side,
// the browser suite and the integration suite on PGlite keep both cores busy (1.9–2.0 read on a clean clone,
// docs/decisions.md, session 39): a shorter run needs less work in them, not other lanes. Each suite's
// servers start from a demo database seeded once by its vitest globalSetup (docs/decisions.md, session 30).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run <script>`; resolves to its exit code. Output goes to the console, or to `log` when given. */
function run(script, { env = {}, log, args = [] } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', script, ...(args.length > 0 ? ['--', ...args] : [])], {
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
// Two lanes before the suites: the lint alone in one (one process using ~1.3 cores: its type-aware rules build
// TypeScript's programs), the types, the build and the unit suite (a worker per core) one after another in the
// other. The unit suite thus starts once the types and the build are done, beside the lint's last minute,
// instead of after it (docs/decisions.md, session 42). A lane stops at its first failure (the unit suite's
// failure stops nothing); lint, types and the build stop the run. Outputs go to
// .vitest-results/<script>.log, printed in order.
mkdirSync('.vitest-results', { recursive: true });
const logged = (script) => `.vitest-results/${script.replace(/:/g, '-')}.log`;
async function chain(scripts) {
  const codes = {};
  for (const script of scripts) {
    codes[script] = await run(script, { log: logged(script) });
    if (codes[script] !== 0) break;
  }
  return codes;
}
const codes = Object.assign(
  {},
  ...(await Promise.all([chain(['lint']), chain(['typecheck', 'build', 'test:unit'])])),
);
for (const script of ['lint', 'typecheck', 'build', 'test:unit'])
  if (script in codes) process.stdout.write(readFileSync(logged(script), 'utf8'));
if (['lint', 'typecheck', 'build'].some((script) => codes[script] !== 0)) process.exit(1);
if (codes['test:unit'] !== 0) failed = true;

// Two lanes over three suites: the browser suite, the integration suite on PGlite and, when asked, the same
// suite on PostgreSQL in two halves (vitest's shards). Each lane takes the next suite when it is free: the
// first two side by side (the two cores), then a half of the PostgreSQL run in each lane as it frees — whole,
// it kept one lane busy for ~10 min with the other idle (it used 1.3 of the 2 cores alone). The browser
// suite prints as it runs; the others' outputs are kept in .vitest-results/<suite>.log and printed at the end.
const postgresUrl = process.env.TEST_POSTGRES_URL;
const POSTGRES_SHARDS = 2;
const suites = [
  { script: 'test:e2e', env: {} },
  {
    script: 'test:integration',
    env: { VITEST_SUITE: 'integration' },
    log: '.vitest-results/integration.log',
  },
  ...(postgresUrl
    ? Array.from({ length: POSTGRES_SHARDS }, (_, i) => {
        const suite = `integration-postgres-${i + 1}of${POSTGRES_SHARDS}`;
        return {
          script: 'test:integration',
          env: { DATABASE_URL: postgresUrl, VITEST_SUITE: suite },
          args: [`--shard=${i + 1}/${POSTGRES_SHARDS}`],
          log: `.vitest-results/${suite}.log`,
        };
      })
    : []),
];
const queue = [...suites];
async function lane() {
  let code = 0;
  for (let suite = queue.shift(); suite; suite = queue.shift())
    if ((await run(suite.script, suite)) !== 0) code = 1;
  return code;
}
if ((await Promise.all([lane(), lane()])).some((code) => code !== 0)) failed = true;
for (const { log } of suites) if (log) process.stdout.write(readFileSync(log, 'utf8'));
process.exit(failed ? 1 : 0);
