import { orderCommitment } from '../../src/rules/atomic-africa/index.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { atomicAfricaInContact, type Caller, type MatchTable } from './support/umpire-client.js';

interface Entry {
  revision: number;
  type: string;
  sentence: string;
  publicSentence?: string;
}

/**
 * AA-2 over real HTTP: a line of the turn log that holds the caller's own secret (its sealed card) is
 * marked with `publicSentence`, the line as everyone else reads it, so that a page the opponent can read
 * shows that one. The mark goes to the own side alone; the other side, a spectator, a judge and the
 * organiser read the public line, never the card.
 */
describe('match log: the own side’s secret lines carry their public words', () => {
  let t: TestApp;
  let m: MatchTable;
  const matchId = 'public-lines';
  const salt = 'a'.repeat(64);
  beforeAll(async () => {
    t = await startTestApp();
    m = await atomicAfricaInContact(t, matchId);
    // A gives its card to the service to seal; B seals its own commitment, computed where it plays.
    await m.A.command(`/matches/${matchId}/orders`, { unitId: 'a1', turn: 2, card: '7S' });
    await m.B.command(`/matches/${matchId}/orders`, {
      unitId: 'b1',
      turn: 2,
      commitment: orderCommitment('5H', 'b1', 2, salt),
    });
  });
  afterAll(async () => t.close());

  const log = async (caller: Caller): Promise<Entry[]> => {
    const reply = await caller.get(`/matches/${matchId}/log`);
    expect(reply.status).toBe(200);
    return reply.body.entries as Entry[];
  };
  const sealOf = (entries: Entry[], unit: string) =>
    entries.find((e) => e.type === 'OrderSealed' && e.sentence.includes(`the ${unit}`))!;
  const namesSpades = (body: unknown) => /spades|7♠|\b7S\b/.test(JSON.stringify(body));

  it('AA-2 given A’s card sealed by the service, when A reads the log, then its line names the card and carries the words the others read', async () => {
    const own = await log(m.A);
    const seal = sealOf(own, 'a1');
    expect(seal.sentence).toBe('Turn 2: Side A sealed 7♠ as the orders of the a1.');
    const others = await Promise.all([m.B, m.spectator, m.judge, m.organiser].map(log));
    for (const entries of others) expect(sealOf(entries, 'a1').sentence).toBe(seal.publicSentence);
    expect(seal.publicSentence).toMatch(
      /^Turn 2: Side A sealed an orders card for the a1, hidden until it is revealed in close combat \(commitment [0-9a-f]{12}…\)\.$/,
    );
    // No other line of A's holds anything of A's alone: none is marked.
    expect(own.filter((e) => e.publicSentence !== undefined).map((e) => e.revision)).toEqual([seal.revision]);
  });

  it('AA-2 given the same log, when the other side, a spectator, a judge or the organiser reads it, then no line is marked and none names A’s card', async () => {
    for (const caller of [m.B, m.spectator, m.judge, m.organiser]) {
      const entries = await log(caller);
      expect(entries.filter((e) => 'publicSentence' in e)).toEqual([]);
      expect(namesSpades(entries)).toBe(false);
    }
  });

  it('AA-2 given B’s own commitment, which the service cannot open, when B reads the log, then its line is the public one, unmarked', async () => {
    const own = sealOf(await log(m.B), 'b1');
    expect(own).not.toHaveProperty('publicSentence');
    expect(own.sentence).toBe(sealOf(await log(m.spectator), 'b1').sentence);
  });

  it('AA-2 given both cards revealed, when A reads the log, then the reveals are unmarked, read alike by all', async () => {
    await m.B.command(`/matches/${matchId}/intents`, { unitId: 'b1', intent: 'fight' });
    await m.A.command(`/matches/${matchId}/intents`, { unitId: 'a1', intent: 'fight' });
    await m.B.command(`/matches/${matchId}/reveals`, { unitId: 'b1', card: '5H', salt });
    await m.A.command(`/matches/${matchId}/reveals`, { unitId: 'a1' });
    const own = await log(m.A);
    const reveals = own.filter((e) => e.type === 'OrderRevealed');
    expect(reveals).toHaveLength(2);
    for (const reveal of reveals) expect(reveal).not.toHaveProperty('publicSentence');
    const spectator = await log(m.spectator);
    expect(reveals.map((e) => e.sentence)).toEqual(
      spectator.filter((e) => e.type === 'OrderRevealed').map((e) => e.sentence),
    );
    expect(namesSpades(spectator.filter((e) => e.type === 'OrderRevealed'))).toBe(true);
  });
});
