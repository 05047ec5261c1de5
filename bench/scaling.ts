// What this machine itself gives two CPU-bound processes: the engine's 40-year standard set timed in one
// child process alone, then in two at once. On real cores each of the two runs as fast as one alone; on
// vCPUs that share a physical core, or a host that is short of CPU, each is slower, and no pipeline can
// speed up with workers more than the machine does. Printed beside the pipeline's speed-up.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SET = fileURLToPath(new URL('./standard-set.ts', import.meta.url));
const RUNS = 5;

/** Median ms of the steady-state set in a child process of its own (standard-set.ts run as a script). */
function childSetMs(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SET, String(RUNS)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const ms = Number(output.trim());
      if (code === 0 && Number.isFinite(ms)) resolve(ms);
      else reject(new Error(`the standard set's child process ended ${code}: ${output}`));
    });
  });
}

/** The throughput two processes get over one on this machine: 2 × (time alone / time of each of two). */
export async function machineScaling(): Promise<number> {
  const alone = await childSetMs();
  const pair = await Promise.all([childSetMs(), childSetMs()]);
  const together = (pair[0] + pair[1]) / 2;
  const speedUp = (2 * alone) / together;
  console.log(
    `  this machine: the engine's 40-year set takes ${alone.toFixed(0)} ms in one process alone, ` +
      `${together.toFixed(0)} ms in each of two at once: two processes get ${speedUp.toFixed(2)}× one`,
  );
  return speedUp;
}
