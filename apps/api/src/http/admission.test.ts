import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAdmission, registerAdmission } from './admission.ts';

/** A server whose turns the test takes by hand: each `turn()` lets in what admission lets in. */
async function stepped(perTurn: number) {
  const turns: (() => void)[] = [];
  const app = Fastify();
  registerAdmission(app, createAdmission({ perTurn, nextTurn: (admit) => turns.push(admit) }));
  const served: number[] = [];
  app.get('/n/:n', async (req) => {
    const n = Number((req.params as { n: string }).n);
    served.push(n);
    return { n };
  });
  await app.ready();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  const turn = async () => {
    turns.shift()?.();
    await settle();
  };
  return { app, served, turns, turn, settle };
}

describe('admission per turn of the event loop', () => {
  it('lets in at most perTurn new requests a turn, first come first served, and answers every one', async () => {
    const { app, served, turns, turn, settle } = await stepped(2);
    const replies = [1, 2, 3, 4, 5].map((n) => app.inject(`/n/${n}`));
    await settle();
    expect(served).toEqual([]);
    await turn();
    expect(served).toEqual([1, 2]);
    await turn();
    expect(served).toEqual([1, 2, 3, 4]);
    await turn();
    expect(served).toEqual([1, 2, 3, 4, 5]);
    expect(turns).toHaveLength(0);
    expect((await Promise.all(replies)).map((r) => r.json().n)).toEqual([1, 2, 3, 4, 5]);
  });

  it('a request arriving at a quiet server waits for no later turn than the next', async () => {
    const { app, served, turns, turn, settle } = await stepped(2);
    const reply = app.inject('/n/7');
    await settle();
    expect(turns).toHaveLength(1);
    await turn();
    expect(served).toEqual([7]);
    expect(turns).toHaveLength(0);
    expect((await reply).statusCode).toBe(200);
    // The next arrival schedules its own turn.
    const again = app.inject('/n/8');
    await settle();
    expect(turns).toHaveLength(1);
    await turn();
    expect((await again).json()).toEqual({ n: 8 });
  });

  it('on the real loop, a burst beyond perTurn is answered in full', async () => {
    const app = Fastify();
    registerAdmission(app, createAdmission({ perTurn: 3 }));
    app.get('/', async () => 'ok');
    const replies = await Promise.all(Array.from({ length: 20 }, () => app.inject('/')));
    expect(replies.every((r) => r.statusCode === 200 && r.body === 'ok')).toBe(true);
  });
});
