// Process glue of the `metocean` command: real files, stdout, stderr and the exit code.
import { readFileSync, statSync } from 'node:fs';
import { runCli } from './cli';

const result = runCli(process.argv.slice(2), {
  readText: (path) => readFileSync(path, 'utf8'),
  isDirectory: (path) => {
    try {
      return statSync(path).isDirectory();
    } catch {
      return false;
    }
  },
  warn: (message) => process.stderr.write(message + '\n'),
});
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.code;
