// Process glue of the `metocean` command: real files, stdout, stderr and the exit code.
import { readFileSync, statSync } from 'node:fs';
import { runCli } from './cli';
import { runIngestCli } from './ingest';
import { runOperationCli } from './operation';
import { runPlanningCli } from './planning';

const isDirectory = (path: string) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};
const argv = process.argv.slice(2);
const result =
  argv[0] === 'ingest'
    ? await runIngestCli(argv.slice(1), { env: process.env, isDirectory, fetch })
    : argv[0] === 'planning'
      ? await runPlanningCli(argv.slice(1), {
          readText: (path) => readFileSync(path, 'utf8'),
          warn: (message) => process.stderr.write(message + '\n'),
        })
      : argv[0] === 'operation'
        ? await runOperationCli(argv.slice(1), {
            readText: (path) => readFileSync(path, 'utf8'),
            warn: (message) => process.stderr.write(message + '\n'),
          })
        : await runCli(argv, {
            readText: (path) => readFileSync(path, 'utf8'),
            warn: (message) => process.stderr.write(message + '\n'),
          });
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.code;
