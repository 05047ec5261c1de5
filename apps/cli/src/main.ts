// Process glue of the `metocean` command: real files, stdout, stderr and the exit code.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { runCli } from './cli';
import { runCompareCli } from './compare';
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
const io = {
  readText: (path: string) => readFileSync(path, 'utf8'),
  warn: (message: string) => process.stderr.write(message + '\n'),
};
const result =
  argv[0] === 'ingest'
    ? await runIngestCli(argv.slice(1), { env: process.env, isDirectory, fetch })
    : argv[0] === 'compare' || argv[0] === 'calibrate'
      ? await runCompareCli(argv[0], argv.slice(1), {
          ...io,
          writeText: (path, text) => writeFileSync(path, text),
        })
      : argv[0] === 'planning'
        ? await runPlanningCli(argv.slice(1), io)
        : argv[0] === 'operation'
          ? await runOperationCli(argv.slice(1), io)
          : await runCli(argv, io);
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.code;
