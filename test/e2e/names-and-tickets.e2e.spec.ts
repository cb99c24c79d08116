import { startTestApp, type TestApp } from './support/test-app.js';
import { type Caller, commandId, organiser } from './support/umpire-client.js';

/** Names that print as something other than what is stored, or as nothing; and nulls passed for ids. */
describe('bad input: tournament names and stream tickets', () => {
  let t: TestApp;
  let org: Caller;

  beforeAll(async () => {
    t = await startTestApp();
    org = organiser(t);
    await org.command('/tournaments', { tournamentId: 'cup', name: 'Cup' });
  });
  afterAll(async () => t.close());

  const tournamentCount = async () => (await org.get('/tournaments')).body.items.length as number;

  it.each([
    ['blank', '   ', /name must not be blank/],
    ['tab and newline only', '\t\n', /name must not (be blank|hold control characters)/],
    ['NUL-bearing', 'Spring\u0000Open', /control characters/],
    ['escape-bearing', 'Open \u001b[31mred', /control characters/],
    ['right-to-left override', 'Open \u202Egnirps', /bidirectional/],
    ['isolate', 'Open \u2067x\u2069', /bidirectional/],
  ])(
    'a %s tournament name is refused (400 naming name), and nothing is created',
    async (_, name, message) => {
      const before = await tournamentCount();
      const reply = await org.post('/tournaments', {
        commandId: commandId(),
        tournamentId: 'bad-name',
        name,
      });
      expect(reply.status).toBe(400);
      expect(reply.body.field).toBe('name');
      expect(reply.body.detail).toMatch(message);
      expect(await tournamentCount()).toBe(before);
      expect((await org.get('/tournaments/bad-name')).status).toBe(404);
    },
  );

  it('names in any script, with accents, spaces and emoji, are accepted', async () => {
    const name = 'Ōsaka Cup · كأس القاهرة 🎲';
    const reply = await org.post('/tournaments', { commandId: commandId(), tournamentId: 'world', name });
    expect(reply.status).toBe(201);
    expect((await org.get('/tournaments/world')).body.name).toBe(name);
  });

  it.each(['tournamentId', 'matchId'])(
    'a stream ticket with %s: null is refused (400 naming it)',
    async (field) => {
      const reply = await org.post('/stream-tickets', { [field]: null });
      expect(reply.status).toBe(400);
      expect(reply.body.field).toBe(field);
      expect(reply.body.ticket).toBeUndefined();
      // Nor does a null beside a real id pass for "not given".
      const beside = await org.post('/stream-tickets', {
        [field]: null,
        ...(field === 'tournamentId' ? { matchId: 'nope-1' } : { tournamentId: 'cup' }),
      });
      expect(beside.status).toBe(400);
      expect(beside.body.field).toBe(field);
    },
  );

  it('a stream ticket for a real tournament is still issued', async () => {
    const reply = await org.post('/stream-tickets', { tournamentId: 'cup' });
    expect(reply.status).toBe(201);
    expect(reply.body.url).toMatch(/^\/tournaments\/cup\/stream\?ticket=/);
  });
});
