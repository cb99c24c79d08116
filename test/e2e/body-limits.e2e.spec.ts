import { startTestApp, type TestApp } from './support/test-app.js';
import { type Caller, commandId, organiser } from './support/umpire-client.js';

function nested(n: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < n; i++) value = [value];
  return value;
}

describe('bad input: limits before validation', () => {
  let t: TestApp;
  let org: Caller;
  beforeAll(async () => {
    t = await startTestApp();
    org = organiser(t);
  });
  afterAll(async () => t.close());

  it('1,500 nested arrays are refused with 400 naming the limit, not a 500 from class-transformer', async () => {
    for (const path of ['/tournaments', '/matches', '/keys']) {
      const reply = await org.post(path, { commandId: commandId(), name: 'x', scoring: nested(1500) });
      expect(reply.status).toBe(400);
      expect(reply.body.detail).toMatch(/UMPIRE_MAX_NESTING_DEPTH/);
    }
  });

  it('a string with a lone surrogate is refused with 400, not a 500 from canonical JSON', async () => {
    const reply = await org.post('/tournaments', { commandId: commandId(), name: 'Spring \ud800 Open' });
    expect(reply.status).toBe(400);
    expect(reply.body.detail).toMatch(/body\.name .*lone surrogate/);
    const pair = await org.post('/tournaments', { commandId: commandId(), name: 'Spring 🏆 Open' });
    expect(pair.status).toBe(201);
  });

  it('scoring: [] and other wrong shapes for a tournament or a match are refused with 400', async () => {
    for (const scoring of [[], [1, 2, 3], 'win', 3, { win: 3 }]) {
      const reply = await org.post('/tournaments', { commandId: commandId(), name: 'Shapes', scoring });
      expect(reply.status).toBe(400);
    }
    await org.command('/tournaments', { tournamentId: 'shapes', name: 'Shapes' });
    const base = { round: 1, table: 1, ruleset: 'hand-to-hand', diceMode: 'table' };
    for (const wrong of [
      { sides: [], players: { A: 'a', B: 'b' } },
      { sides: { A: 'Zulus', B: 'British' }, players: [] },
    ]) {
      const reply = await org.post('/tournaments/shapes/matches', {
        commandId: commandId(),
        ...base,
        ...wrong,
      });
      expect(reply.status).toBe(400);
    }
    expect((await org.get('/tournaments/shapes/matches')).body.items).toEqual([]);
  });
});

describe('bad input: the limits are settings', () => {
  let t: TestApp;
  let org: Caller;
  beforeAll(async () => {
    t = await startTestApp({ maxArrayLength: 5, maxNestingDepth: 3, bodyLimitBytes: 2048 });
    org = organiser(t);
  });
  afterAll(async () => t.close());

  it('array length, nesting depth and body size: each answered 4xx naming its limit', async () => {
    const long = await org.post('/tournaments', {
      commandId: commandId(),
      name: 'x',
      extra: [1, 2, 3, 4, 5, 6],
    });
    expect(long.status).toBe(400);
    expect(long.body.detail).toBe('body.extra has 6 items; at most 5 (UMPIRE_MAX_ARRAY_LENGTH)');

    const deep = await org.post('/tournaments', {
      commandId: commandId(),
      name: 'x',
      scoring: { win: [[1]] },
    });
    expect(deep.status).toBe(400);
    expect(deep.body.detail).toBe('the body nests deeper than 3 levels (UMPIRE_MAX_NESTING_DEPTH)');

    const big = await org.post('/tournaments', { commandId: commandId(), name: 'x'.repeat(3000) });
    expect(big.status).toBe(413);
    expect(big.body.detail).toBe('the request body is larger than 2048 bytes (UMPIRE_BODY_LIMIT_BYTES)');

    const fine = await org.post('/tournaments', {
      commandId: commandId(),
      name: 'x',
      scoring: { win: 2, draw: 1, loss: 0 },
    });
    expect(fine.status).toBe(201);
  });
});
