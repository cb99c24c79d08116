import { MatchSecrets } from '../../../src/match/match-secrets.service.js';
import { type ExportedEvent, exportedEvent } from '../../../src/audit/export-format.js';
import type { Principal } from '../../../src/auth/principal.js';
import { InMemoryEventStore } from '../../../src/event-store/memory/in-memory-event-store.js';
import type { MatchCommandResult } from '../../../src/match/match-command-handler.js';
import type { MatchCommandService } from '../../../src/match/match-command.service.js';
import { commandPath } from '../../support/command-path.js';
import { matchStream } from '../../../src/match/match-stream.js';
import { orderCommitment } from '../../../src/rules/atomic-africa/index.js';

export type Seat = 'A' | 'B' | 'organiser' | 'judge';

/**
 * A match played through the real command runner (load, decide, append; sealed orders; server dice)
 * on the in-memory store: real logs in milliseconds, no HTTP.
 */
export class TestMatch {
  private static counter = 0;
  readonly store = new InMemoryEventStore();
  readonly secrets: MatchSecrets;
  private readonly runner: MatchCommandService;

  private constructor(readonly matchId: string) {
    const path = commandPath(this.store, { serverSecret: 'verifier-test-secret' });
    this.secrets = path.secrets;
    this.runner = path.commands;
  }

  static async create(options: {
    ruleset: 'hand-to-hand' | 'atomic-africa';
    diceMode?: 'server' | 'table';
    parameters?: object;
    matchId?: string;
  }): Promise<TestMatch> {
    TestMatch.counter += 1;
    const match = new TestMatch(options.matchId ?? `t-${TestMatch.counter}`);
    await match.runner.execute({
      matchId: match.matchId,
      commandId: `create-${match.matchId}`,
      principal: match.principal('organiser'),
      rulesetId: options.ruleset,
      command: {
        type: 'CreateMatch',
        matchId: match.matchId,
        sides: { A: 'Side A', B: 'Side B' },
        diceMode: options.diceMode ?? 'table',
        ...(options.parameters ? { parameters: options.parameters } : {}),
      },
    });
    return match;
  }

  principal(seat: Seat): Principal {
    return seat === 'A' || seat === 'B'
      ? { keyId: `key-${seat}`, role: 'player', matchId: this.matchId, side: seat }
      : { keyId: `key-${seat}`, role: seat };
  }

  private sent = 0;

  /** Sends one command as a seat at the table; table dice go in `dice`. */
  async send(
    seat: Seat,
    command: { type: string } & Record<string, unknown>,
    dice?: number[],
  ): Promise<MatchCommandResult> {
    this.sent += 1;
    return this.runner.execute({
      matchId: this.matchId,
      commandId: `${this.matchId}-${this.sent}`,
      principal: this.principal(seat),
      command,
      ...(dice ? { dice } : {}),
    });
  }

  async events(): Promise<ExportedEvent[]> {
    return (await this.store.readStream(matchStream(this.matchId))).map(exportedEvent);
  }

  async revision(): Promise<number> {
    return (await this.events()).length;
  }
}

/** E-1 (HH-8, Q-14) with table dice: the NNC fails on 6 and reforms. Revisions 1–8. */
export async function zuluCharge(options: { end?: boolean } = {}): Promise<TestMatch> {
  const m = await TestMatch.create({ ruleset: 'hand-to-hand' });
  await m.send('organiser', {
    type: 'RegisterUnit',
    unitId: 'impi',
    name: 'Impi',
    side: 'A',
    morale: 8,
    move: 6,
  });
  await m.send('organiser', {
    type: 'RegisterUnit',
    unitId: 'nnc',
    name: 'NNC',
    side: 'B',
    morale: 7,
    move: 6,
  });
  // 4 ChargeDeclared, 5 WillpowerTested, 6 ContactMade
  await m.send(
    'A',
    {
      type: 'Charge',
      chargeId: 'c1',
      attackerId: 'impi',
      defenderId: 'nnc',
      aspect: 'front',
      slope: 'downhill',
    },
    [2, 3],
  );
  // 7 ImpactRolled: die 4, charge +1, downhill −1 → impact 4
  await m.send('A', { type: 'RollImpact', chargeId: 'c1' }, [4]);
  // 8 MoraleTested: 2+4 = 6 against 3 → margin 3, reform; 9 AttackerVictorious
  await m.send('B', { type: 'TakeMoraleTest', unitId: 'nnc', cause: 'melee' }, [2, 4]);
  // 10 GroundGiven
  await m.send('B', { type: 'ReportGiveGround', unitId: 'nnc', couldMove: true, leftTable: false });
  if (options.end) await m.send('judge', { type: 'EndMatch', winner: 'A', note: 'the NNC gave ground' });
  return m;
}

/**
 * Server dice (C-2) with nothing left to chance in the flow: morale 12 passes every 2D6 shooting test,
 * so each test is one roll whatever the faces. Revisions: 1 created, 2–3 units, then (with client
 * seeds) 4–5 seeds, then one MoraleTested per roll.
 */
export async function shootingTests(
  options: { rolls?: number; clientSeeds?: boolean; end?: boolean } = {},
): Promise<TestMatch> {
  const m = await TestMatch.create({
    ruleset: 'hand-to-hand',
    diceMode: 'server',
    parameters: { morale: { min: 6, max: 12 } },
  });
  await m.send('organiser', {
    type: 'RegisterUnit',
    unitId: 'a1',
    name: 'A1',
    side: 'A',
    morale: 12,
    move: 6,
  });
  await m.send('organiser', {
    type: 'RegisterUnit',
    unitId: 'b1',
    name: 'B1',
    side: 'B',
    morale: 12,
    move: 6,
  });
  if (options.clientSeeds) {
    await m.send('A', { type: 'AddClientSeed', seed: 'alpha' });
    await m.send('B', { type: 'AddClientSeed', seed: 'beta' });
  }
  for (let i = 0; i < (options.rolls ?? 3); i++) {
    await m.send(i % 2 === 0 ? 'A' : 'B', {
      type: 'TakeMoraleTest',
      unitId: i % 2 === 0 ? 'a1' : 'b1',
      cause: 'shooting',
      penalty: 0,
    });
  }
  if (options.end) await m.send('organiser', { type: 'EndMatch', winner: null, note: 'draw' });
  return m;
}

export const SALT_A1 = 'a1-own-salt-0123456789abcdef';

/**
 * AA-1 to AA-10 with table dice: a1 (A) and b1 (B) begin turn 2 in close combat; A seals its own
 * commitment to 7♠, B has the service seal 5♥; b1 fights, a1 flees and escapes; b1 fires at range 7.
 * Revisions: 7 OrderSealed a1, 8 OrderSealed b1, 11 OrderRevealed b1, 12 OrderRevealed a1, 13 FleeJudged,
 * 14 PursuitDecided, 15 BreakOffReported, 16 CloseCombatAttackRolled, 17 CloseCombatEnded.
 */
export async function closeCombat(): Promise<TestMatch> {
  const commitment = orderCommitment({ rank: '7', suit: 'spades' }, 'a1', 2, SALT_A1);
  const m = await TestMatch.create({ ruleset: 'atomic-africa' });
  for (const [unitId, side] of [
    ['a1', 'A'],
    ['b1', 'B'],
  ] as const) {
    await m.send('organiser', {
      type: 'RegisterUnit',
      unitId,
      name: unitId,
      side,
      unitType: 'infantry',
      movement: 6,
      firepower: 2,
    });
  }
  await m.send('A', { type: 'ReportContact', unitId: 'a1', enemyId: 'b1' });
  await m.send('A', { type: 'EndTurn' });
  await m.send('A', { type: 'SealOrder', unitId: 'a1', turn: 2, commitment });
  await m.send('B', { type: 'SealOrder', unitId: 'b1', turn: 2, card: { rank: '5', suit: 'hearts' } });
  await m.send('B', { type: 'DeclareIntent', unitId: 'b1', intent: 'fight' });
  await m.send('A', { type: 'DeclareIntent', unitId: 'a1', intent: 'flee' });
  await m.send('B', { type: 'RevealOrder', unitId: 'b1' });
  await m.send('A', {
    type: 'RevealOrder',
    unitId: 'a1',
    card: { rank: '7', suit: 'spades' },
    salt: SALT_A1,
  });
  await m.send('B', { type: 'Pursue', unitId: 'b1', pursue: true });
  await m.send('A', {
    type: 'ReportBreakOff',
    unitId: 'a1',
    destination: 'the donga',
    inTransit: 'the drift',
    rangeInches: 7,
  });
  await m.send('B', { type: 'ResolveCloseCombat', unitId: 'b1' }, [6, 2]);
  return m;
}
