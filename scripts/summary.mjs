// Prints one line per test suite from vitest's JSON reports, then the total, in the form
// "suite: N passed, N failed". Exits non-zero when a suite failed or none ran.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const folder = '.vitest-results';
const files = existsSync(folder)
  ? readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .sort()
  : [];
let passed = 0;
let failed = 0;
for (const file of files) {
  const report = JSON.parse(readFileSync(`${folder}/${file}`, 'utf8'));
  const suiteFailed = report.numFailedTests + (report.success ? 0 : report.numFailedTests === 0 ? 1 : 0);
  console.log(`${file.replace(/\.json$/, '')}: ${report.numPassedTests} passed, ${suiteFailed} failed`);
  passed += report.numPassedTests;
  failed += suiteFailed;
}
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
