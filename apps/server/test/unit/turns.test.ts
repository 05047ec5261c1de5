// The embedded database's turn queue (db/turns.ts): statements in order, one at a time, and the event loop
// gets a turn once a turn's budget is spent.
import { describe, expect, it } from 'vitest';
import { turnQueue } from '../../src/db/turns';

/** Busy for `ms` of wall time: a statement of PGlite runs synchronously like this. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('turnQueue', () => {
  it('runs statements in the order they came, one at a time, and hands back their results and errors', async () => {
    const turns = turnQueue();
    const order: string[] = [];
    let running = 0;
    const statement =
      (name: string, fail = false) =>
      async () => {
        running++;
        expect(running).toBe(1);
        order.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, 1));
        order.push(`end ${name}`);
        running--;
        if (fail) throw new Error(`${name} failed`);
        return name;
      };
    const answers = await Promise.allSettled([
      turns.run(statement('a')),
      turns.run(statement('b', true)),
      turns.run(statement('c')),
    ]);
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual([
      'a',
      'b failed',
      'c',
    ]);
  });

  it('gives the event loop a turn once the budget of a turn is spent', async () => {
    const turns = turnQueue(5);
    const ran: string[] = [];
    // 20 statements of 2 ms each: without turns all 40 ms would run before the loop polls again
    const all = Array.from({ length: 20 }, (_, i) =>
      turns.run(() => {
        busy(2);
        ran.push(`s${i}`);
        return Promise.resolve();
      }),
    );
    // an immediate queued now runs at the loop's next check phase: after the first turn's statements
    setImmediate(() => ran.push('loop'));
    await Promise.all(all);
    const loopAt = ran.indexOf('loop');
    // the first turn ran its budget (5 ms: a few statements of 2 ms), then the loop turned
    expect(loopAt).toBeGreaterThanOrEqual(1);
    expect(loopAt).toBeLessThanOrEqual(5);
  });

  it('counts the budget per turn of the loop, also when each statement is queued after the last settled', async () => {
    // a request's statements: each queued once the one before answered, so the queue is empty in between
    const turns = turnQueue(5);
    const ran: string[] = [];
    setImmediate(() => ran.push('loop'));
    for (let i = 0; i < 20; i++)
      await turns.run(() => {
        busy(2);
        ran.push(`s${i}`);
        return Promise.resolve();
      });
    const loopAt = ran.indexOf('loop');
    expect(loopAt).toBeGreaterThanOrEqual(1);
    expect(loopAt).toBeLessThanOrEqual(5);
  });

  it('rejects a statement that throws before it answers, and goes on with the next', async () => {
    const turns = turnQueue();
    const thrown = turns.run((): Promise<number> => {
      throw new Error('bad statement');
    });
    const next = turns.run(() => Promise.resolve(3));
    await expect(thrown).rejects.toThrow('bad statement');
    expect(await next).toBe(3);
  });

  it('keeps working after an idle spell', async () => {
    const turns = turnQueue(5);
    expect(await turns.run(() => Promise.resolve(1))).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await turns.run(() => Promise.resolve(2))).toBe(2);
  });
});
