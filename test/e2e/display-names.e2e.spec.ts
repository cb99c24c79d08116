import { startTestApp, type TestApp } from './support/test-app.js';
import { type Caller, commandId, organiser } from './support/umpire-client.js';

/**
 * Side names of a new match and participants' names are shown to people, and written into CSV, logs
 * and pages: one that holds NUL, a control character or a bidirectional formatting character is
 * refused with a 400 naming the field, and nothing is recorded.
 */
describe('bad input: side and participant names', () => {
  let t: TestApp;
  let org: Caller;

  beforeAll(async () => {
    t = await startTestApp();
    org = organiser(t);
    await org.command('/tournaments', { tournamentId: 'names-cup', name: 'Names Cup' });
  });
  afterAll(async () => t.close());

  const HIDING = [
    ['NUL-bearing', 'Zulu\u0000s', /control characters/],
    ['escape-bearing', 'Zulus \u001b[31m', /control characters/],
    ['right-to-left override', 'Zulus \u202Esuluz', /bidirectional/],
    ['blank', '  ', /must not be blank/],
  ] as const;

  it.each(HIDING)(
    'C-6 a %s side name is refused (400 naming sides.B), and no match is created',
    async (_, name, message) => {
      const reply = await org.post('/matches', {
        commandId: commandId(),
        matchId: 'bad-sides',
        ruleset: 'hand-to-hand',
        sides: { A: 'British', B: name },
        diceMode: 'table',
      });
      expect(reply.status).toBe(400);
      expect(reply.body.field).toBe('sides.B');
      expect(reply.body.detail).toMatch(message);
      expect((await org.get('/matches/bad-sides')).status).toBe(404);
    },
  );

  it.each(HIDING)(
    'a %s participant name is refused (400 naming name), and nobody is registered',
    async (_, name, message) => {
      const path = '/tournaments/names-cup/participants';
      const before = (await org.get(path)).body.items.length as number;
      const reply = await org.post(path, { commandId: commandId(), name });
      expect(reply.status).toBe(400);
      expect(reply.body.field).toBe('name');
      expect(reply.body.detail).toMatch(message);
      expect((await org.get(path)).body.items.length).toBe(before);
    },
  );

  it('names in any script are accepted, for sides and participants', async () => {
    await org.command('/matches', {
      matchId: 'good-sides',
      ruleset: 'hand-to-hand',
      sides: { A: 'Ōsaka', B: 'القاهرة 🎲' },
      diceMode: 'table',
    });
    expect((await org.get('/matches/good-sides')).body.state.sides).toEqual({ A: 'Ōsaka', B: 'القاهرة 🎲' });
    const reply = await org.post('/tournaments/names-cup/participants', {
      commandId: commandId(),
      name: 'Ōe Kenzaburō',
    });
    expect(reply.status).toBe(201);
  });
});
