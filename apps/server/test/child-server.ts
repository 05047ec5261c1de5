// The all-in-one server as a real child process (node with tsx's loader on src/main.ts, no wrapper that forks),
// for the tests that kill it with SIGKILL and start it again on the same DATA_DIR and database.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD, eventually } from './harness';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ChildServer {
  child: ChildProcess;
  /** What the process wrote (its log lines at LOG_LEVEL warn and above). */
  log(): string;
}

/** Starts the server and answers once /api/health says 200. */
export async function startChildServer(
  port: number,
  env: { dataDir: string; databaseUrl?: string | undefined; extra?: Record<string, string> },
): Promise<ChildServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps', 'server', 'src', 'main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: env.dataDir,
        DATABASE_URL: env.databaseUrl ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_PASSWORD,
        LOG_LEVEL: 'warn',
        STATISTICS_THREADS: '1',
        NODE_ENV: 'development',
        ...env.extra,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  const keep = (chunk: Buffer) => {
    log += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await eventually(
    () =>
      fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.status,
        () => 0,
      ),
    (status) => status === 200 || child.exitCode !== null,
    { timeoutMs: 240_000, intervalMs: 250 },
    'the server',
  );
  if (child.exitCode !== null) throw new Error(`the server exited ${child.exitCode}:\n${log}`);
  return { child, log: () => log };
}

/** SIGKILL, then waits for the exit. */
export async function killNine(server: ChildServer): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}

export async function call<T>(port: number, method: string, route: string, token?: string, body?: unknown) {
  const response = await fetch(`http://127.0.0.1:${port}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as T };
}

export async function signIn(port: number, username = 'manager'): Promise<string> {
  const answer = await call<{ accessToken: string }>(port, 'POST', '/api-auth/token/', undefined, {
    username,
    password: DEMO_PASSWORD,
  });
  return answer.body.accessToken;
}
