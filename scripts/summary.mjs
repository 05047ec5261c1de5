// Prints one line per test suite from vitest's JSON reports, then each failed test by file and name with
// the first line of its error, then the total, in the form "suite: N passed, N failed". CI shows only the
// end of the output, so the failures are named there. Exits non-zero when a suite failed or none ran.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const folder = '.vitest-results';
const files = existsSync(folder)
  ? readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .sort()
  : [];
let passed = 0;
let failed = 0;
const failures = [];
for (const file of files) {
  const suite = file.replace(/\.json$/, '');
  const report = JSON.parse(readFileSync(`${folder}/${file}`, 'utf8'));
  const suiteFailed = report.numFailedTests + (report.success ? 0 : report.numFailedTests === 0 ? 1 : 0);
  console.log(`${suite}: ${report.numPassedTests} passed, ${suiteFailed} failed`);
  passed += report.numPassedTests;
  failed += suiteFailed;
  for (const result of report.testResults ?? []) {
    const path = relative(process.cwd(), result.name ?? '');
    const failedTests = (result.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      const message = String(test.failureMessages?.[0] ?? '').split('\n');
      // vitest reports a timeout as STACK_TRACE_ERROR, with the test's place in the stack
      const reason =
        message[0] === 'Error: STACK_TRACE_ERROR'
          ? `timed out, ${message.find((line) => line.includes('.test.ts:'))?.trim() ?? ''}`
          : message[0];
      failures.push(`${suite}: ${path} > ${test.fullName}\n    ${reason.slice(0, 400)}`);
    }
    // a file that failed outside any test (an error in a hook or at import) has no failed test to name
    if (result.status === 'failed' && failedTests.length === 0) {
      failures.push(
        `${suite}: ${path}\n    ${String(result.message ?? '')
          .split('\n')[0]
          .slice(0, 400)}`,
      );
    }
  }
}
if (failures.length > 0) console.log(`failed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
