import { startTestApp, type TestApp } from './support/test-app.js';
import { type Caller, commandId, type MatchTable, openMatch } from './support/umpire-client.js';

/** Version 2 writes every card as its code: 7S, 10H, KC, JOKER-BLACK (README, "Atomic Africa version 2"). */
type Card = string;
const card = (rank: string, suit: string): Card => `${rank}${suit[0]!.toUpperCase()}`;

/**
 * Atomic Africa close combat over real HTTP on SQLite. Every scenario starts the same way: infantry a1
 * (side A) and b1 (side B) end turn 1 in base contact, so turn 2 (side B's) begins in close combat
 * (AA-3) and b1 is the activating unit.
 */
describe('atomic-africa over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  let n = 0;
  const at = (m: MatchTable, route: string) => `/matches/${m.matchId}/${route}`;
  const types = (reply: { body: { events: { type: string }[] } }) => reply.body.events.map((e) => e.type);

  interface Setup {
    a?: { unitType?: string; movement?: number; firepower?: number };
    b?: { unitType?: string; movement?: number; firepower?: number };
    parameters?: object;
  }

  async function inCloseCombat(setup: Setup = {}): Promise<MatchTable> {
    n += 1;
    const m = await openMatch(t, {
      matchId: `aa-${n}`,
      ruleset: 'atomic-africa',
      ...(setup.parameters ? { parameters: setup.parameters } : {}),
    });
    for (const [unitId, side, spec] of [
      ['a1', 'A', setup.a],
      ['b1', 'B', setup.b],
    ] as const) {
      await m.organiser.command(at(m, 'units'), {
        unitId,
        name: unitId,
        side,
        unitType: spec?.unitType ?? 'infantry',
        movement: spec?.movement ?? 6,
        firepower: spec?.firepower ?? 2,
      });
    }
    await m.A.command(at(m, 'contacts'), { unitId: 'a1', enemyId: 'b1' });
    const end = await m.A.command(at(m, 'end-turn'));
    expect(types(end)).toEqual(['TurnEnded', 'CloseCombatBegan']);
    // C-4: the same TurnEnded as hand-to-hand's (version 2).
    expect(end.body.events[0].data).toEqual({ endedTurn: 1, endedSide: 'A', turn: 2, activeSide: 'B' });
    return m;
  }

  async function sealBoth(m: MatchTable, a: Card, b: Card): Promise<void> {
    await m.A.command(at(m, 'orders'), { unitId: 'a1', turn: 2, card: a });
    await m.B.command(at(m, 'orders'), { unitId: 'b1', turn: 2, card: b });
  }

  async function declare(m: MatchTable, b: 'fight' | 'flee', a: 'fight' | 'flee'): Promise<void> {
    await m.B.command(at(m, 'intents'), { unitId: 'b1', intent: b });
    await m.A.command(at(m, 'intents'), { unitId: 'a1', intent: a });
  }

  /** Both reveal; the service reveals the card it sealed for each side. */
  async function revealBoth(m: MatchTable, special: { a?: string; b?: string } = {}) {
    await m.B.command(at(m, 'reveals'), { unitId: 'b1', ...(special.b ? { specialAction: special.b } : {}) });
    return m.A.command(at(m, 'reveals'), {
      unitId: 'a1',
      ...(special.a ? { specialAction: special.a } : {}),
    });
  }

  const fleeVerdict = (reply: {
    body: { events: { type: string; data: { unitId: string; verdict: string } }[] };
  }) => reply.body.events.find((e) => e.type === 'FleeJudged' && e.data.unitId === 'a1')?.data.verdict;

  it('AA-4 AA-5 AA-10 a full close-combat turn: both seal, declare fight, reveal, and attack at threshold 1', async () => {
    const m = await inCloseCombat();
    await sealBoth(m, card('5', 'hearts'), card('9', 'clubs'));
    await declare(m, 'fight', 'fight');
    const reveal = await revealBoth(m);
    expect(types(reveal)).toEqual(['OrderRevealed']);
    expect(reveal.body.state.activation.awaiting).toEqual([
      expect.objectContaining({ step: 'attack', unitId: 'b1', side: 'B' }),
    ]);
    // b1 (activating) attacks first: 2 dice, 4+ hits, threshold 1 as both stay.
    const first = await m.B.command(at(m, 'close-combat-attacks'), { unitId: 'b1', dice: [4, 1] });
    expect(first.body.events[0].data).toMatchObject({
      attackerId: 'b1',
      targetId: 'a1',
      threshold: 1,
      hits: 1,
      suppressed: true,
      rangeInches: null,
    });
    const second = await m.A.command(at(m, 'close-combat-attacks'), { unitId: 'a1', dice: [1, 3] });
    expect(second.body.events[0].data).toMatchObject({
      attackerId: 'a1',
      threshold: 1,
      hits: 0,
      suppressed: false,
    });
    expect(types(second)).toContain('CloseCombatEnded');
  });

  it('E-3 AA-6 AA-8 a flee on 7♠ breaks off and escapes an equally fast opponent (Q-10)', async () => {
    const m = await inCloseCombat();
    await sealBoth(m, card('7', 'spades'), card('5', 'hearts'));
    await declare(m, 'fight', 'flee');
    const reveal = await revealBoth(m);
    expect(fleeVerdict(reveal)).toBe('stands');
    const pursuit = await m.B.command(at(m, 'pursuits'), { unitId: 'b1', pursue: true });
    expect(pursuit.body.events[0].data).toMatchObject({
      outcome: 'escaped',
      pursuerMovement: 6,
      fleeingMovement: 6,
    });
    await m.A.command(at(m, 'break-offs'), {
      unitId: 'a1',
      destination: 'the donga',
      inTransit: 'the drift',
      rangeInches: 7,
    });
    // a unit whose flee stands does not attack; b1 fires at range 7: threshold 2.
    const attack = await m.B.command(at(m, 'close-combat-attacks'), { unitId: 'b1', dice: [6, 2] });
    expect(attack.body.events[0].data).toMatchObject({
      threshold: 2,
      hits: 1,
      suppressed: false,
      rangeInches: 7,
    });
    const ended = attack.body.events.find((e: { type: string }) => e.type === 'CloseCombatEnded');
    expect(ended.data).toMatchObject({ inContact: false, escaped: ['a1'] });
  });

  it('AA-9 the same flee on 7♠ is caught by a faster pursuer: both stay, threshold 1', async () => {
    const m = await inCloseCombat({ b: { movement: 8 } });
    await sealBoth(m, card('7', 'spades'), card('5', 'hearts'));
    await declare(m, 'fight', 'flee');
    expect(fleeVerdict(await revealBoth(m))).toBe('stands');
    const pursuit = await m.B.command(at(m, 'pursuits'), { unitId: 'b1', pursue: true });
    expect(pursuit.body.events[0].data).toMatchObject({
      outcome: 'thwarted',
      pursuerMovement: 8,
      fleeingMovement: 6,
    });
    const attack = await m.B.command(at(m, 'close-combat-attacks'), { unitId: 'b1', dice: [3, 3] });
    expect(attack.body.events[0].data).toMatchObject({ threshold: 1, hits: 0, suppressed: false });
    expect(types(attack)).toContain('CloseCombatEnded');
    expect(
      attack.body.events.find((e: { type: string }) => e.type === 'CloseCombatEnded').data.inContact,
    ).toBe(true);
  });

  it('E-3 Q-9 a flee on 7♥ is refused and the unit stays and fights', async () => {
    const m = await inCloseCombat();
    await sealBoth(m, card('7', 'hearts'), card('5', 'hearts'));
    await declare(m, 'fight', 'flee');
    const reveal = await revealBoth(m);
    expect(fleeVerdict(reveal)).toBe('refused');
    await m.B.command(at(m, 'close-combat-attacks'), { unitId: 'b1', dice: [1, 1] });
    const fightsBack = await m.A.command(at(m, 'close-combat-attacks'), { unitId: 'a1', dice: [5, 5] });
    expect(fightsBack.body.events[0].data).toMatchObject({
      attackerId: 'a1',
      threshold: 1,
      hits: 2,
      suppressed: true,
    });
  });

  it.each([
    ['light-infantry', 'stands'],
    ['infantry', null],
  ])('E-3 AA-7 Sprint on K♣ for %s', async (unitType, verdict) => {
    const m = await inCloseCombat({ a: { unitType } });
    await sealBoth(m, card('K', 'clubs'), card('5', 'hearts'));
    await declare(m, 'fight', 'flee');
    await m.B.command(at(m, 'reveals'), { unitId: 'b1' });
    const reveal = await m.A.post(at(m, 'reveals'), {
      commandId: commandId(),
      unitId: 'a1',
      specialAction: 'sprint',
    });
    if (verdict) {
      expect(reveal.status).toBe(201);
      expect(fleeVerdict(reveal)).toBe(verdict);
    } else {
      // Sprint is a light-infantry action: regular infantry may not announce it (AA-7).
      expect(reveal.status).toBe(422);
      expect(reveal.body.ruleId).toBe('AA-7');
    }
  });

  it.each([
    ['none', 'refused'],
    ['by-colour', 'stands'],
  ])('Q-8 AA-6 a black Joker flee under jokerPosture %s is %s', async (jokerPosture, verdict) => {
    const m = await inCloseCombat({ parameters: { jokerPosture } });
    await sealBoth(m, 'JOKER-BLACK', card('5', 'hearts'));
    await declare(m, 'fight', 'flee');
    expect(fleeVerdict(await revealBoth(m))).toBe(verdict);
  });

  it('AA-2 a commitment reveal that does not match is rejected and changes nothing', async () => {
    const { orderCommitment } = await import('../../src/rules/atomic-africa/index.js');
    const m = await inCloseCombat();
    const salt = 'f'.repeat(64);
    await m.A.command(at(m, 'orders'), {
      unitId: 'a1',
      turn: 2,
      commitment: orderCommitment(card('7', 'spades') as never, 'a1', 2, salt),
    });
    await m.B.command(at(m, 'orders'), { unitId: 'b1', turn: 2, card: card('5', 'hearts') });
    await declare(m, 'fight', 'flee');
    await m.B.command(at(m, 'reveals'), { unitId: 'b1' });
    const before = await m.revision();
    const forged = await m.A.post(at(m, 'reveals'), {
      commandId: commandId(),
      unitId: 'a1',
      card: card('7', 'clubs'),
      salt,
    });
    expect(forged.status).toBe(409);
    expect(forged.body.ruleId).toBe('AA-2');
    expect(await m.revision()).toBe(before);
    const honest = await m.A.post(at(m, 'reveals'), {
      commandId: commandId(),
      unitId: 'a1',
      card: card('7', 'spades'),
      salt,
    });
    expect(honest.status).toBe(201);
    expect(fleeVerdict(honest)).toBe('stands');
  });

  it('AA-1 one physical card cannot go to two units of one side in one turn', async () => {
    n += 1;
    const m = await openMatch(t, { matchId: `aa-${n}`, ruleset: 'atomic-africa' });
    for (const unitId of ['a1', 'a2']) {
      await m.organiser.command(at(m, 'units'), {
        unitId,
        name: unitId,
        side: 'A',
        unitType: 'infantry',
        movement: 6,
        firepower: 2,
      });
    }
    await m.A.command(at(m, 'orders'), { unitId: 'a1', turn: 1, card: card('Q', 'diamonds') });
    const again = await m.A.post(at(m, 'orders'), {
      commandId: commandId(),
      unitId: 'a2',
      turn: 1,
      card: card('Q', 'diamonds'),
    });
    expect(again.status).toBe(409);
    expect(again.body.ruleId).toBe('AA-1');
  });

  it('AA-13 AA-3 a vehicle never enters close combat', async () => {
    n += 1;
    const m = await openMatch(t, { matchId: `aa-${n}`, ruleset: 'atomic-africa' });
    await m.organiser.command(at(m, 'units'), {
      unitId: 'a1',
      name: 'a1',
      side: 'A',
      unitType: 'vehicle',
      movement: 12,
      firepower: 4,
    });
    await m.organiser.command(at(m, 'units'), {
      unitId: 'b1',
      name: 'b1',
      side: 'B',
      unitType: 'infantry',
      movement: 6,
      firepower: 2,
    });
    const contact = await m.A.post(at(m, 'contacts'), {
      commandId: commandId(),
      unitId: 'a1',
      enemyId: 'b1',
    });
    expect(contact.status).toBe(422);
    expect(['AA-3', 'AA-13']).toContain(contact.body.ruleId);
  });

  it('C-2 C-4 client seeds, disputes and the end work on an atomic-africa match, server dice revealed at the end', async () => {
    n += 1;
    const m = await openMatch(t, { matchId: `aa-${n}`, ruleset: 'atomic-africa', diceMode: 'server' });
    const seed = await m.A.command(at(m, 'client-seeds'), { seed: 'from A' });
    expect(types(seed)).toEqual(['ClientSeedAdded']);
    const dispute = await m.B.command(at(m, 'disputes'), {
      revision: 1,
      claim: 'the wrong sides were named',
    });
    expect(types(dispute)).toEqual(['DisputeRaised']);
    const end = await m.judge.command(at(m, 'end'), { winner: 'draw', note: 'time' });
    expect(end.body.events[0]).toMatchObject({
      type: 'MatchEnded',
      data: { result: { winner: null }, serverSeed: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
  });

  async function register(m: MatchTable, unitId: string, side: 'A' | 'B', firepower = 2, movement = 6) {
    await m.organiser.command(at(m, 'units'), {
      unitId,
      name: unitId,
      side,
      unitType: 'infantry',
      movement,
      firepower,
    });
  }

  it('Q-23 AA-9 a flee is offered to every enemy in contact whatever its card; a declined pursuit reveals nothing', async () => {
    n += 1;
    const m = await openMatch(t, { matchId: `aa-${n}`, ruleset: 'atomic-africa' });
    await register(m, 'a1', 'A');
    await register(m, 'a2', 'A');
    await register(m, 'b1', 'B');
    await m.A.command(at(m, 'contacts'), { unitId: 'a1', enemyId: 'b1' });
    await m.A.command(at(m, 'contacts'), { unitId: 'a2', enemyId: 'b1' });
    await m.A.command(at(m, 'end-turn'));
    await m.A.command(at(m, 'orders'), { unitId: 'a1', turn: 2, card: '5H' });
    await m.A.command(at(m, 'orders'), { unitId: 'a2', turn: 2, card: 'QS' });
    await m.B.command(at(m, 'orders'), { unitId: 'b1', turn: 2, card: '9C' });
    await m.B.command(at(m, 'intents'), { unitId: 'b1', intent: 'flee', opponentId: 'a1' });
    await m.A.command(at(m, 'intents'), { unitId: 'a1', intent: 'fight' });
    await m.B.command(at(m, 'reveals'), { unitId: 'b1' });
    const revealed = await m.A.command(at(m, 'reveals'), { unitId: 'a1' });
    expect(revealed.body.state.activation.awaiting).toEqual([
      { step: 'pursue', unitId: 'a1', side: 'A' },
      { step: 'pursue', unitId: 'a2', side: 'A' },
    ]);
    const declined = await m.A.command(at(m, 'pursuits'), { unitId: 'a2', pursue: false });
    expect(declined.body.events[0].data).toMatchObject({
      unitId: 'a2',
      pursue: false,
      outcome: 'not-pursued',
    });
    const seenByB = await m.B.get(`/matches/${m.matchId}`);
    expect(seenByB.body.state.orders.a2).toMatchObject({ card: null, hidden: true, revealed: false });
    const pursued = await m.A.command(at(m, 'pursuits'), { unitId: 'a1', pursue: true });
    expect(pursued.body.events[0].data).toMatchObject({ outcome: 'escaped', pursuerMovement: 6 });
    await m.B.command(at(m, 'break-offs'), {
      unitId: 'b1',
      destination: 'd',
      inTransit: 't',
      rangeInches: 5,
    });
    const attack = await m.A.command(at(m, 'close-combat-attacks'), { unitId: 'a1', dice: [4, 4] });
    const ended = attack.body.events.find((e: { type: string }) => e.type === 'CloseCombatEnded');
    expect(ended.data).toMatchObject({ escaped: ['b1'], fled: [{ unitId: 'b1', caughtBy: [] }] });
  });

  it('Q-24 AA-7 a ranged attack reveals its card and rolls as many dice as Mass Fire asks: no fixed cap', async () => {
    n += 1;
    const m = await openMatch(t, { matchId: `aa-${n}`, ruleset: 'atomic-africa' });
    await register(m, 'a1', 'A', 60);
    await register(m, 'b1', 'B');
    await m.A.command(at(m, 'orders'), { unitId: 'a1', turn: 1, card: 'KH' });
    const dice = Array.from({ length: 120 }, (_, i) => (i % 6) + 1);
    const attack = await m.A.command(at(m, 'ranged-attacks'), {
      attackerId: 'a1',
      targetId: 'b1',
      rangeInches: 3,
      specialAction: 'mass-fire',
      dice,
    });
    expect(types(attack)).toEqual(['OrderRevealed', 'RangedAttackRolled']);
    expect(attack.body.events[0].data).toMatchObject({ card: 'KH', specialAction: 'mass-fire' });
    expect(attack.body.events[1].data).toMatchObject({ diceCount: 120, hits: 60, massFire: true });
    const sealAgain = await m.B.post(at(m, 'orders'), {
      commandId: commandId(),
      unitId: 'b1',
      turn: 1,
      card: '2C',
    });
    expect(sealAgain.status).toBe(409);
    expect(sealAgain.body.ruleId).toBe('Q-21');
  });

  describe('AA-2 sealed means sealed: no route shows a sealed card to anyone but its side', () => {
    const SECRET = card('7', 'spades');
    const leaks = (text: string | undefined) => /spades|"7S"|7♠/i.test(text ?? '');

    /** Every GET route of the API that takes a match id, from the service's own OpenAPI document. */
    async function matchRoutes(caller: Caller, matchId: string): Promise<string[]> {
      const doc = await caller.get('/docs-json');
      return Object.entries(doc.body.paths as Record<string, Record<string, unknown>>)
        .filter(([path, methods]) => 'get' in methods && path.includes('{id}') && !path.endsWith('/stream'))
        .map(([path]) => path.replace('{id}', matchId).replace(/\{[^}]+\}/g, '1'));
    }

    /**
     * Every answer this caller gets about the match. A player's own templates offer its own deck (its
     * seal lists every card it may give), so they are left out for the side that holds them: what is
     * checked is everything else, where the other side's card must never appear.
     */
    async function readEverything(caller: Caller, m: MatchTable, ownSide?: 'A' | 'B'): Promise<string> {
      const bodies: string[] = [];
      const others = (templates: unknown) =>
        Array.isArray(templates) ? templates.filter((template) => template.side !== ownSide) : templates;
      for (const path of await matchRoutes(caller, m.matchId)) {
        for (const query of ['', '?at=7', '?from=1&limit=100']) {
          const response = await caller.get(path + query);
          const body = response.body;
          const text =
            ownSide && body && typeof body === 'object' && 'available' in body
              ? JSON.stringify({
                  ...body,
                  awaiting: others(body.awaiting),
                  available: others(body.available),
                })
              : response.text;
          bodies.push(`${path}${query} ${response.status} ${text}`);
        }
      }
      return bodies.join('\n');
    }

    it('before the reveal: not the opponent, a spectator, a judge or the organiser; the owner does see it', async () => {
      const m = await inCloseCombat();
      await sealBoth(m, SECRET, card('5', 'hearts'));
      await declare(m, 'fight', 'flee');
      for (const outsider of [m.B, m.spectator, m.judge, m.organiser]) {
        const seen = await readEverything(outsider, m, outsider === m.B ? 'B' : undefined);
        expect(seen).toContain(`/matches/${m.matchId} 200`);
        expect(leaks(seen)).toBe(false);
      }
      // Commands sent by the opponent do not tell it either, not even when they fail.
      const probes = [
        await m.B.post(at(m, 'reveals'), { commandId: commandId(), unitId: 'a1', card: SECRET }),
        await m.B.post(at(m, 'orders'), { commandId: commandId(), unitId: 'b1', turn: 2, card: SECRET }),
        await m.B.post(at(m, 'intents'), { commandId: commandId(), unitId: 'b1', intent: 'flee' }),
      ];
      for (const probe of probes) expect(leaks(probe.text)).toBe(false);

      const own = await m.A.get(`/matches/${m.matchId}`);
      expect(own.body.state.orders.a1.card).toEqual(SECRET);
      expect(JSON.stringify((await m.B.get(`/matches/${m.matchId}`)).body.state.orders.a1)).not.toContain(
        'spades',
      );

      // The export and the stored log hold no plain card at all: only a commitment and ciphertext.
      const exported = await m.organiser.get(`/matches/${m.matchId}/export`);
      expect(exported.status).toBe(200);
      expect(exported.text).toContain('"OrderSealed"');
      expect(leaks(exported.text)).toBe(false);
    });

    it('the escrow the opponent sees is as long for a club as for a diamond or a Joker: its length tells nothing', async () => {
      const escrowLengths: number[] = [];
      for (const secret of [card('7', 'clubs'), card('7', 'diamonds'), card('10', 'hearts'), 'JOKER-RED']) {
        const m = await inCloseCombat();
        await sealBoth(m, secret, card('5', 'hearts'));
        const seen = await m.B.get(`/matches/${m.matchId}/export`);
        const sealedA = (seen.text ?? '')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { type: string; data: { side: string; escrow?: string } })
          .find((e) => e.type === 'OrderSealed' && e.data.side === 'A');
        escrowLengths.push(sealedA!.data.escrow!.length);
      }
      expect(new Set(escrowLengths).size).toBe(1);
    });

    it('the commandId recorded with a seal gives no way to test card guesses', async () => {
      const { createHash } = await import('node:crypto');
      const { default: canonicalize } = await import('canonicalize');
      const { RANKS, SUITS, JOKER_COLOURS } = await import('../../src/rules/atomic-africa/index.js');
      const m = await inCloseCombat();
      await m.A.command(at(m, 'orders'), {
        commandId: 'seal-a1',
        unitId: 'a1',
        turn: 2,
        card: card('10', 'diamonds'),
      });
      const exported = await m.B.get(`/matches/${m.matchId}/export`);
      const sealed = (exported.text ?? '')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; metadata: { commandId: string } })
        .find((e) => e.type === 'OrderSealed')!;
      const [sent, recorded] = sealed.metadata.commandId.split('#') as [string, string];
      const deck = [
        ...SUITS.flatMap((suit) => RANKS.map((rank) => card(rank, suit))),
        ...JOKER_COLOURS.map((joker) => `JOKER-${joker.toUpperCase()}`),
      ];
      // The opponent knows everything in the command but the card: try every card, with and without the id.
      const guesses = deck.flatMap((guess) =>
        [{ commandId: `${sent}#` }, {}].map((extra) => {
          const command = { type: 'SealOrder', unitId: 'a1', turn: 2, card: guess };
          const text = canonicalize({ ...extra, command, dice: [], rulesetId: null }) ?? '';
          return createHash('sha256').update(text).digest('hex').slice(0, 16);
        }),
      );
      expect(guesses).not.toContain(recorded);
    });

    it('Q-21 once a card is revealed (an activation) sealing is closed for the turn, and the refusal names no card', async () => {
      n += 1;
      const m = await openMatch(t, { matchId: `aa-${n}`, ruleset: 'atomic-africa' });
      for (const unitId of ['a1', 'a2']) {
        await m.organiser.command(at(m, 'units'), {
          unitId,
          name: unitId,
          side: 'A',
          unitType: 'infantry',
          movement: 6,
          firepower: 2,
        });
      }
      await m.A.command(at(m, 'orders'), { unitId: 'a1', turn: 1, card: SECRET });
      await m.A.command(at(m, 'reveals'), { unitId: 'a1' }); // outside close combat: revealed when activated
      const again = await m.A.post(at(m, 'orders'), {
        commandId: commandId(),
        unitId: 'a2',
        turn: 1,
        card: SECRET,
      });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ ruleId: 'Q-21' });
      expect(leaks(again.text)).toBe(false);
    });

    it('after the reveal everyone may see it', async () => {
      const m = await inCloseCombat();
      await sealBoth(m, SECRET, card('5', 'hearts'));
      await declare(m, 'fight', 'flee');
      await revealBoth(m);
      const seen = await m.spectator.get(`/matches/${m.matchId}`);
      expect(seen.body.state.orders.a1).toMatchObject({ card: SECRET, revealed: true });
    });
  });
});
