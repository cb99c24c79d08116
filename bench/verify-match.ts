import { createHmac } from 'node:crypto';
import type { ExportedEvent } from '../src/audit/export-format.js';
import { clientSeedsText, diceCommitment, ServerDice } from '../src/match/dice-fairness.js';
import type { Actor, NewEvent } from '../src/event-store/event-store.port.js';
import { sealBatch } from '../src/event-store/envelope.js';
import { GENESIS_HASH } from '../src/event-store/hash-chain.js';
import { MatchFold } from '../src/match/fold.js';
import { decideMatchLevel, type MatchLevelCommand } from '../src/rules/match/match-level.js';
import { matchStream } from '../src/match/match-stream.js';
import { RuleViolation } from '../src/rules/common/rule-violation.js';
import type { RulesetRef } from '../src/rules/common/ruleset-ref.js';
import type { Side } from '../src/rules/common/sides.js';
import { NO_DICE } from '../src/rules/common/dice.js';
import type { MatchState } from '../src/rules/hand-to-hand/index.js';
import { currentRuleset } from '../src/rulesets/registry.js';

/**
 * A long, honest hand-to-hand match with server dice, played straight through the rules (no service,
 * no store), for the verification bench and the paging tests: charges with their impacts, tests and
 * give-ground reports, shooting tests, rallies, players' undos agreed within a turn, turns ending,
 * fresh units registered as others leave play, and at the end the seed revealed. Every command is
 * sent by the key of the side the rules say must send it. Deterministic for a given size.
 */
export interface LongMatch {
  matchId: string;
  events: ExportedEvent[];
  seed: Buffer;
}

const AT = '2026-11-30T10:00:00.000Z';

/** A small deterministic PRNG (mulberry32): the same match for the same size, every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function longMatch(size: number, matchId = `bench-${size}`): LongMatch {
  const ruleset = currentRuleset('hand-to-hand')!;
  const seed = createHmac('sha256', 'bench').update(matchId).digest();
  const stream = matchStream(matchId);
  const rnd = random(size);
  const events: ExportedEvent[] = [];
  let head = { revision: 0, hash: GENESIS_HASH };
  const fold = new MatchFold(ruleset);
  const created = ruleset.decider.decide(
    ruleset.decider.initialState(),
    {
      type: 'CreateMatch',
      matchId,
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'server',
      diceCommitment: diceCommitment(seed),
      parameters: { morale: { min: 6, max: 12 } },
    } as { type: string },
    NO_DICE,
  );
  const ref = (created[0]!.data as { ruleset: RulesetRef }).ruleset;
  let sent = 0;
  let nextRoll = 1;
  let unitsMade = 0;
  let charges = 0;
  let undos = 0;
  let tries = 0;

  const append = (decided: NewEvent[], actor: Actor): void => {
    sent += 1;
    const sealed = sealBatch(
      stream,
      head,
      decided,
      { expectedRevision: 'any', commandId: `${actor.keyId}:c${sent}#0123456789abcdef`, actor, ruleset: ref },
      AT,
    );
    for (const event of sealed) {
      events.push(event);
      fold.apply(event);
    }
    head = { revision: sealed.at(-1)!.metadata.revision, hash: sealed.at(-1)!.metadata.hash };
  };
  const player = (side: Side): Actor => ({ role: 'player', side, keyId: `key-${side}` });
  const organiser: Actor = { role: 'organiser', keyId: 'key-organiser' };

  /** Decides with the next server rolls; false (and nothing appended) when the rules refuse. */
  const send = (command: { type: string } & Record<string, unknown>, actor: Actor): boolean => {
    const dice = new ServerDice(seed, clientSeedsText(fold.meta.clientSeeds), nextRoll);
    try {
      const decided = ruleset.decider.decide(fold.state, command, dice);
      append(decided, actor);
    } catch (error) {
      if (error instanceof RuleViolation) return false;
      throw error;
    }
    nextRoll = fold.meta.serverRolls + 1;
    return true;
  };
  const sendMatchLevel = (command: MatchLevelCommand, actor: Actor): boolean => {
    try {
      const role = actor.role as 'player' | 'judge' | 'organiser';
      const decided = decideMatchLevel(
        fold.meta,
        command,
        { role, ...(actor.side ? { side: actor.side as Side } : {}) },
        { revision: head.revision, serverSeed: seed.toString('hex') },
      );
      append(decided, actor);
      return true;
    } catch (error) {
      if (error instanceof RuleViolation) return false;
      throw error;
    }
  };

  append(created, organiser);
  sendMatchLevel({ type: 'AddClientSeed', seed: 'alpha' }, player('A'));
  sendMatchLevel({ type: 'AddClientSeed', seed: 'beta' }, player('B'));

  const state = (): MatchState => fold.state as MatchState;
  const active = (side: Side) =>
    Object.values(state().units).filter((u) => u.side === side && u.status === 'active');
  const register = (side: Side): void => {
    unitsMade += 1;
    const morale = 9 + Math.floor(rnd() * 4);
    send(
      { type: 'RegisterUnit', unitId: `u${unitsMade}`, name: `Unit ${unitsMade}`, side, morale, move: 6 },
      organiser,
    );
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

  while (head.revision < size - 1) {
    const s = state();
    const awaited = s.awaiting[0];
    if (awaited) {
      const by = player(awaited.side);
      const ok =
        awaited.step === 'impact-roll'
          ? send({ type: 'RollImpact', chargeId: awaited.chargeId }, by)
          : awaited.step === 'morale-test'
            ? send({ type: 'TakeMoraleTest', unitId: awaited.unitId, cause: 'melee' }, by)
            : awaited.step === 'rally-test'
              ? send({ type: 'TakeMoraleTest', unitId: awaited.unitId, cause: 'rally' }, by)
              : send(
                  { type: 'ReportGiveGround', unitId: awaited.unitId, couldMove: true, leftTable: false },
                  by,
                );
      if (!ok) throw new Error(`the generator could not answer ${awaited.step}`);
      continue;
    }
    for (const side of ['A', 'B'] as const) if (active(side).length < 8) register(side);
    const roll = rnd();
    const mine = active(s.activeSide);
    const theirs = active(s.activeSide === 'A' ? 'B' : 'A');
    if (roll < 0.45 && mine.length > 0 && theirs.length > 0) {
      charges += 1;
      const attacker = pick(mine);
      const defender = attacker.contacts[0]
        ? { unitId: attacker.contacts[0].unitId }
        : pick(theirs.filter((u) => u.contacts.length === 0).concat(theirs));
      const aspect = attacker.contacts[0]
        ? attacker.contacts[0].aspect
        : pick(['front', 'left-flank'] as const);
      if (
        send(
          {
            type: 'Charge',
            chargeId: `c${charges}`,
            attackerId: attacker.unitId,
            defenderId: defender.unitId,
            aspect: attacker.contacts[0] ? 'front' : aspect,
            slope: pick(['level', 'uphill', 'downhill'] as const),
          },
          player(s.activeSide),
        )
      )
        continue;
    } else if (roll < 0.6) {
      const unit = pick([...mine, ...theirs]);
      if (
        unit &&
        send(
          { type: 'TakeMoraleTest', unitId: unit.unitId, cause: 'shooting', penalty: 0 },
          player(unit.side),
        )
      )
        continue;
    } else if (roll < 0.603 && head.revision > fold.meta.turnStartedAt + 1) {
      // C-5: a player's undo, agreed by the opponent, back into the current turn.
      undos += 1;
      const side = s.activeSide;
      const requestId = `undo-${undos}`;
      const toRevision =
        fold.meta.turnStartedAt + Math.floor(rnd() * (head.revision - fold.meta.turnStartedAt));
      if (
        toRevision >= fold.meta.turnStartedAt &&
        !fold.meta.reverted.includes(toRevision) &&
        sendMatchLevel({ type: 'RequestUndo', requestId, toRevision, reason: 'misplaced' }, player(side)) &&
        sendMatchLevel({ type: 'AnswerUndo', requestId, agree: true }, player(side === 'A' ? 'B' : 'A'))
      )
        continue;
    }
    // A player turn holds a handful of actions before it ends, as at a real table.
    if (roll < 0.9 && ++tries < 20) continue;
    tries = 0;
    if (!send({ type: 'EndTurn' }, player(s.activeSide)))
      throw new Error('the generator could not end a turn');
  }
  sendMatchLevel({ type: 'EndMatch', winner: null, note: 'the bench is over' }, organiser);
  return { matchId, events, seed };
}
