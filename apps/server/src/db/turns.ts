// The embedded database's statements, a turn of the event loop at a time (issue 34: the detail under load).
//
// PGlite runs each statement synchronously on the event loop, and its lock hands over to the next waiting
// statement in a microtask, so a queue of statements ran in one turn of the loop, with the work each caller
// does on the rows in between. Node (libuv 1.45 and later) accepts one new connection per turn of its loop:
// with 100 requests in flight a turn lasted 100–600 ms, and a connection that arrived during the burst
// waited one turn for each connection ahead of it: up to 10 s, while the connections accepted first were
// answered in half a second. The statements now start in order from one queue that works for at most
// `budgetMs` per turn and leaves the rest to the next turn, so the loop accepts, reads and writes between.
// PostgreSQL needs none of this: its statements are I/O, and the loop turns while they run.
import type { PGlite } from '@electric-sql/pglite';

/** Wall time the queue works in one turn of the event loop before it yields: a few statements. */
export const TURN_BUDGET_MS = 8;

export interface TurnQueue {
  /**
   * Runs `statement` once those queued before it have settled, in a turn of the loop with time left. A
   * statement must not wait for another one it queues (PGlite's own lock would not let it run either).
   */
  run<T>(statement: () => Promise<T>): Promise<T>;
}

export function turnQueue(budgetMs = TURN_BUDGET_MS, now: () => number = () => performance.now()): TurnQueue {
  /** Each starts its statement and settles (never rejects) when the statement has. */
  const waiting: (() => Promise<void>)[] = [];
  let draining = false;
  // the turn of the loop the queue works in: from its first statement to the loop's next check phase
  let inTurn = false;
  let turnStarted = 0;

  function timeLeft(): boolean {
    if (!inTurn) {
      inTurn = true;
      turnStarted = now();
      setImmediate(() => (inTurn = false));
      return true;
    }
    return now() - turnStarted <= budgetMs;
  }

  async function drain(): Promise<void> {
    draining = true;
    while (waiting.length > 0) {
      // setImmediate runs after the loop's poll phase (accepts, reads, writes), and after the immediate
      // that ended this turn
      if (timeLeft()) await waiting.shift()!();
      else await new Promise<void>((resolve) => setImmediate(resolve));
    }
    draining = false;
  }

  return {
    run<T>(statement: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        // a statement that throws before its promise rejects its caller all the same
        waiting.push(() => Promise.resolve().then(statement).then(resolve, reject));
        if (!draining) void drain();
      });
    },
  };
}

/** The PGlite client with its statements (query, exec, transaction) run through one turn queue. */
export function takingTurns(client: PGlite, turns: TurnQueue = turnQueue()): PGlite {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) =>
    turns.run(() => query(...args))) as PGlite['query'];
  client.exec = (...args) => turns.run(() => exec(...args));
  client.transaction = ((...args: Parameters<PGlite['transaction']>) =>
    turns.run(() => transaction(...args))) as PGlite['transaction'];
  return client;
}
