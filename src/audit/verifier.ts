import type { KeyObject } from 'node:crypto';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import { verifyChain } from '../event-store/hash-chain.js';
import { isMatchLevelEvent, type MatchLevelEvent } from '../match/match-events.js';
import { MatchFold, RevertTargetError } from '../match/fold.js';
import { decideMatchLevel, type MatchLevelActor, type MatchMeta } from '../match/match-level.js';
import { matchIdOf } from '../match/match-stream.js';
import type { DomainEvent } from '../rules/common/decider.js';
import { RuleViolation } from '../rules/common/rule-violation.js';
import type { RulesetRef } from '../rules/common/ruleset-ref.js';
import { type AnyRuleset, rulesetById } from '../rules/registry.js';
import { checkpointSignatureValid, publicKeyId, type SignedCheckpoint } from './checkpoint.js';
import { clientSeedsText, diceCommitment, serverFaces } from './dice-fairness.js';
import { atomicAfricaReplay } from './replay/atomic-africa.js';
import { describeValue, firstDifference, type Path, pathText, rollsIn, valueAt } from './replay/compare.js';
import { handToHandReplay } from './replay/hand-to-hand.js';
import { matchLevelCommandFrom, matchLevelRuleIdOf } from './replay/match-level.js';
import { ReplayDice, ReplayMismatch } from './replay/replay-dice.js';
import type { RulesetReplay } from './replay/ruleset-replay.js';

/**
 * The verifier (issue 5, DESIGN.md "anyone holding an exported log"): re-runs a match's events through
 * the published rules from nothing, trusting nothing but the events and the rules. Pure: no Nest, no
 * I/O, no clock; the route and the `umpire verify` command both call it.
 *
 * It checks, and names the first event that fails, with the rule it breaks:
 * - the hash chain (C-3): every event links to the one before and hashes to its recorded hash;
 * - every derived outcome (C-3): each command is rebuilt from the first event it appended, decided
 *   again on the state folded so far (reverts applied as the match applies them, C-5) with the dice
 *   the log recorded, and what the rules give must equal what the log holds;
 * - the server dice (C-2, C-5): indices count 1, 2, 3 … through undos; once the seed is revealed,
 *   SHA-256(seed) is the commitment and every roll is its HMAC derivation;
 * - every reveal against its seal (AA-2);
 * - signed checkpoints a player kept: the signature, and the event at that revision still has that hash.
 */

export type CheckName = 'chain' | 'checkpoints' | 'serverRolls' | 'reveals' | 'outcomes';

export interface Discrepancy {
  /** The event (its revision) at which the log stops being what the rules and the chain say. */
  revision: number;
  ruleId: string;
  check: CheckName;
  message: string;
}

export interface CheckpointResult {
  revision: number;
  hash: string;
  signedAt: string;
  keyId: string;
  signature: 'valid' | 'invalid' | 'not-checked';
  /** The log still holds exactly this hash at this revision. */
  matches: boolean;
}

export interface VerificationReport {
  ok: boolean;
  stream: string | null;
  matchId: string | null;
  ruleset: RulesetRef | null;
  head: { revision: number; hash: string } | null;
  checked: {
    events: number;
    chain: { ok: boolean; links: number; message: string };
    outcomes: { ok: boolean; commands: number; events: number; message: string };
    serverRolls: {
      ok: boolean;
      status: 'verified' | 'pending-seed' | 'not-applicable' | 'failed';
      diceMode: 'server' | 'table' | null;
      rolls: number;
      verified: number;
      seedRevealed: boolean;
      message: string;
    };
    reveals: { ok: boolean; reveals: number; verified: number; message: string };
    checkpoints: { ok: boolean; checked: CheckpointResult[]; message: string };
  };
  firstDiscrepancy?: Discrepancy;
  /** Every discrepancy found, first first (at most `maxDiscrepancies`). */
  discrepancies: Discrepancy[];
}

export interface VerifyOptions {
  /** Checkpoints a player or judge kept (GET /matches/:id/checkpoint). */
  checkpoints?: readonly SignedCheckpoint[];
  /** The service's public key (GET /audit/public-key); without it checkpoint signatures are not checked. */
  publicKey?: KeyObject;
  maxDiscrepancies?: number;
}

type LogEvent = Pick<RecordedEvent, 'type' | 'data' | 'metadata'>;

const REPLAYS: Readonly<Record<string, RulesetReplay>> = {
  'hand-to-hand': handToHandReplay,
  'atomic-africa': atomicAfricaReplay,
};

const CHECK_ORDER: readonly CheckName[] = ['chain', 'checkpoints', 'serverRolls', 'reveals', 'outcomes'];

class Findings {
  readonly all: Discrepancy[] = [];
  private readonly seen = new Set<string>();

  add(revision: number, ruleId: string, check: CheckName, message: string): void {
    // One finding per event and rule: the dice pass and the rules pass may both see a bad roll.
    const key = `${revision}|${ruleId}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.all.push({ revision, ruleId, check, message });
  }

  has(check: CheckName): boolean {
    return this.all.some((d) => d.check === check);
  }

  sorted(): Discrepancy[] {
    return [...this.all].sort(
      (a, b) => a.revision - b.revision || CHECK_ORDER.indexOf(a.check) - CHECK_ORDER.indexOf(b.check),
    );
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameRulesetRef(a: RulesetRef | undefined, b: RulesetRef | undefined): boolean {
  return a?.id === b?.id && a?.version === b?.version && a?.hash === b?.hash;
}

/** Consecutive events appended by one command (one commandId): one decision each. */
function groupsOf(events: readonly LogEvent[]): LogEvent[][] {
  const groups: LogEvent[][] = [];
  for (const event of events) {
    const last = groups[groups.length - 1];
    if (last && last[0]!.metadata.commandId === event.metadata.commandId) last.push(event);
    else groups.push([event]);
  }
  return groups;
}

interface DiceFacts {
  diceMode: 'server' | 'table' | null;
  seed: Buffer | null;
  seedRevealed: boolean;
}

/** C-2: the commitment, the revealed seed, and SHA-256(seed) = commitment. */
function seedOf(events: readonly LogEvent[], findings: Findings): DiceFacts {
  const created = isRecord(events[0]?.data) ? events[0].data : {};
  const diceMode = created.diceMode === 'server' || created.diceMode === 'table' ? created.diceMode : null;
  if (diceMode === null && events[0]?.type === 'MatchCreated') {
    findings.add(1, 'C-2', 'outcomes', 'MatchCreated names no dice mode (server or table)');
  }
  if (diceMode !== 'server') return { diceMode, seed: null, seedRevealed: false };
  const commitment = created.diceCommitment;
  if (typeof commitment !== 'string') {
    findings.add(
      1,
      'C-2',
      'serverRolls',
      'a server-dice match created without a commitment to its seed: its rolls can never be checked',
    );
  }
  const ended = events.find((event) => event.type === 'MatchEnded');
  if (!ended) return { diceMode, seed: null, seedRevealed: false };
  const revealed = isRecord(ended.data) ? ended.data.serverSeed : undefined;
  if (typeof revealed !== 'string' || !/^[0-9a-f]{64}$/.test(revealed)) {
    findings.add(
      ended.metadata.revision,
      'C-2',
      'serverRolls',
      'the match ended without revealing its server seed (64 hex digits), so its rolls can never be checked',
    );
    return { diceMode, seed: null, seedRevealed: false };
  }
  const seed = Buffer.from(revealed, 'hex');
  if (diceCommitment(seed) !== commitment) {
    findings.add(
      ended.metadata.revision,
      'C-2',
      'serverRolls',
      `SHA-256 of the revealed server seed is ${diceCommitment(seed)}, not the commitment ${String(commitment)} published when the match was created`,
    );
    return { diceMode, seed: null, seedRevealed: true };
  }
  return { diceMode, seed, seedRevealed: true };
}

/** C-2, C-5: every server roll, in log order, reverted or not. */
function checkServerRolls(
  events: readonly LogEvent[],
  dice: DiceFacts,
  findings: Findings,
): { rolls: number; verified: number } {
  const clientSeeds: { A?: string; B?: string } = {};
  let rolls = 0;
  let verified = 0;
  let expected = 1;
  for (const event of events) {
    const revision = event.metadata.revision;
    if (event.type === 'ClientSeedAdded' && isRecord(event.data)) {
      const { side, seed } = event.data;
      if ((side === 'A' || side === 'B') && typeof seed === 'string') clientSeeds[side] = seed;
    }
    for (const roll of rollsIn(event.data)) {
      if (roll.origin !== dice.diceMode) {
        findings.add(
          revision,
          'C-2',
          'serverRolls',
          `a ${String(roll.origin)} roll in a match that rolls ${String(dice.diceMode)} dice`,
        );
        continue;
      }
      if (roll.origin !== 'server') continue;
      rolls += 1;
      const { index } = roll;
      const wellFormed = typeof index === 'number' && Number.isInteger(index);
      if (index !== expected) {
        findings.add(
          revision,
          wellFormed && index < expected ? 'C-5' : 'C-2',
          'serverRolls',
          `server roll index ${String(index)} where ${expected} was next: every roll takes the next index, and an undo never gives one back`,
        );
      }
      expected = (wellFormed ? index : expected) + 1;
      if (!dice.seed || !wellFormed) continue;
      const derived = serverFaces(dice.seed, clientSeedsText(clientSeeds), index, roll.faces.length);
      if (firstDifference(derived, roll.faces) === null) {
        verified += 1;
      } else {
        findings.add(
          revision,
          'C-2',
          'serverRolls',
          `server roll ${index} (${String(roll.purpose)}) records faces ${JSON.stringify(roll.faces)}, but HMAC-SHA256 of the revealed seed gives ${JSON.stringify(derived)}`,
        );
      }
    }
  }
  return { rolls, verified };
}

interface RulesContext {
  events: readonly LogEvent[];
  matchId: string | null;
  ruleset: AnyRuleset;
  replay: RulesetReplay;
  diceMode: 'server' | 'table';
  findings: Findings;
}

interface RulesTally {
  commands: number;
  events: number;
  reveals: number;
  revealsVerified: number;
  /** The rules pass stopped early: the state could not be folded any further. */
  stoppedAt: number | null;
}

/** Compares what the rules give with what the log holds; returns how many events agree. */
function compareGroup(
  decided: readonly DomainEvent[],
  group: readonly LogEvent[],
  ruleIdOfEvent: (event: DomainEvent, path: Path) => string,
  findings: Findings,
): number {
  // A forged event may be any JSON: naming its rule must not fail on it.
  const ruleIdOf = (event: DomainEvent, path: Path): string => {
    try {
      return ruleIdOfEvent(event, path);
    } catch {
      return 'C-3';
    }
  };
  // What the store would have kept of the decided events: JSON, as appended.
  const expected = JSON.parse(
    JSON.stringify(decided.map(({ type, data }) => ({ type, data }))),
  ) as DomainEvent[];
  for (let i = 0; i < Math.max(expected.length, group.length); i++) {
    const want = expected[i];
    const got = group[i];
    if (!got) {
      const last = group[group.length - 1]!;
      findings.add(
        last.metadata.revision,
        ruleIdOf(want!, ['type']),
        'outcomes',
        `after event ${last.metadata.revision} the rules also give ${want!.type}, which the log does not hold`,
      );
      return i;
    }
    const revision = got.metadata.revision;
    const recorded = { type: got.type, data: got.data };
    if (!want) {
      findings.add(
        revision,
        ruleIdOf(recorded, ['type']),
        'outcomes',
        `event ${revision} (${got.type}) is not among the events the rules give for this command`,
      );
      return i;
    }
    const path = firstDifference(want, recorded);
    if (path) {
      const ruleId = path[1] === 'roll' ? 'C-1' : ruleIdOf(want, path);
      findings.add(
        revision,
        ruleId,
        'outcomes',
        path[0] === 'type'
          ? `event ${revision} is ${got.type} in the log, but the rules give ${want.type}`
          : `event ${revision} (${got.type}): ${pathText(path)} is ${describeValue(valueAt(recorded, path))} in the log, but the rules give ${describeValue(valueAt(want, path))}`,
      );
      return i;
    }
  }
  return expected.length;
}

function decideRulesetGroup(
  ctx: RulesContext,
  group: readonly LogEvent[],
  state: unknown,
  meta: MatchMeta,
  tally: RulesTally,
): DomainEvent[] {
  const first = group[0]!;
  const revision = first.metadata.revision;
  if (meta.ended) throw new ReplayMismatch('C-4', revision, `${first.type} after the match ended`);
  const command = ctx.replay.commandFrom(group);
  if (!command) {
    throw new ReplayMismatch(
      'C-3',
      revision,
      `${first.type} begins no ${ctx.ruleset.id} command: it only follows a command's own event in the same append`,
    );
  }
  if (command.type === 'CreateMatch' && command.matchId !== ctx.matchId) {
    throw new ReplayMismatch(
      'C-3',
      revision,
      `MatchCreated names match ${String(command.matchId)}, but the log is the stream of match ${String(ctx.matchId)}`,
    );
  }
  if (ctx.replay.checkReveal) {
    for (const event of group) {
      const problem = ctx.replay.checkReveal(state, event);
      if (problem === undefined) continue;
      tally.reveals += 1;
      if (problem === null) tally.revealsVerified += 1;
      else ctx.findings.add(event.metadata.revision, 'AA-2', 'reveals', problem);
    }
  }
  return ctx.ruleset.decider.decide(state, command, new ReplayDice(group, ctx.diceMode));
}

function decideMatchLevelGroup(
  ctx: RulesContext,
  group: readonly LogEvent[],
  meta: MatchMeta,
): DomainEvent[] {
  const first = group[0]!;
  const revision = first.metadata.revision;
  const command = matchLevelCommandFrom(group as unknown as MatchLevelEvent[]);
  if (!command) throw new ReplayMismatch('C-5', revision, `${first.type} begins no match-level command`);
  const { role, side } = first.metadata.actor;
  if (role !== 'player' && role !== 'judge' && role !== 'organiser') {
    throw new ReplayMismatch('C-6', revision, `a ${role} key sent the command behind ${first.type}`);
  }
  const actor: MatchLevelActor = { role, ...(side === 'A' || side === 'B' ? { side } : {}) };
  const recordedSeed = isRecord(first.data) ? first.data.serverSeed : undefined;
  const serverSeed =
    ctx.diceMode === 'server' && first.type === 'MatchEnded' && typeof recordedSeed === 'string'
      ? recordedSeed
      : null;
  return decideMatchLevel(meta, command, actor, { revision: revision - 1, serverSeed });
}

/** The revisions that the log's ActionsReverted events go back to. */
function revertTargetsIn(events: readonly LogEvent[]): number[] {
  const targets: number[] = [];
  for (const event of events) {
    const target =
      event.type === 'ActionsReverted' && isRecord(event.data) ? event.data.toRevision : undefined;
    if (typeof target === 'number') targets.push(target);
  }
  return targets;
}

/**
 * C-3: decide every command again on the state folded so far, with the dice the log recorded, then
 * fold the recorded events exactly as the match does (foldMatch): ruleset events through evolve(), an
 * ActionsReverted back to the state after its target (C-5), match-level events into the meta.
 */
function replayRules(ctx: RulesContext): RulesTally {
  const { ruleset, findings } = ctx;
  const tally: RulesTally = { commands: 0, events: 0, reveals: 0, revealsVerified: 0, stoppedAt: null };
  // The very fold the service uses: what is re-derived here is what the match showed.
  // It keeps only the current turn's states, plus the targets of the log's backups, known up front.
  const fold = new MatchFold(ruleset, { retain: revertTargetsIn(ctx.events) });

  for (const group of groupsOf(ctx.events)) {
    const first = group[0]!;
    const revision = first.metadata.revision;
    const levels = group.map((event) => isMatchLevelEvent(event));
    tally.commands += 1;
    if (levels.some(Boolean) && !levels.every(Boolean)) {
      findings.add(
        revision,
        'C-3',
        'outcomes',
        `the events appended by command ${first.metadata.commandId} mix match-level and ruleset events; no command does`,
      );
    } else {
      try {
        const decided = levels[0]
          ? decideMatchLevelGroup(ctx, group, fold.meta)
          : decideRulesetGroup(ctx, group, fold.state, fold.meta, tally);
        tally.events += compareGroup(
          decided,
          group,
          levels[0] ? matchLevelRuleIdOf : ctx.replay.ruleIdOf,
          findings,
        );
      } catch (error) {
        if (error instanceof ReplayMismatch) {
          findings.add(error.revision, error.ruleId, 'outcomes', error.message);
        } else if (error instanceof RuleViolation) {
          findings.add(
            revision,
            error.ruleId,
            'outcomes',
            `the rules refuse the command behind event ${revision} (${first.type}): ${error.message}`,
          );
        } else {
          findings.add(
            revision,
            'C-3',
            'outcomes',
            `the rules cannot decide the command behind event ${revision} (${first.type}): ${messageOf(error)}`,
          );
        }
      }
    }

    for (const event of group) {
      const at = event.metadata.revision;
      try {
        fold.apply(event);
      } catch (error) {
        const ruleId = error instanceof RevertTargetError ? 'C-5' : 'C-3';
        findings.add(
          at,
          ruleId,
          'outcomes',
          `event ${at} (${event.type}) cannot be folded into the match (${messageOf(error)}); nothing after it can be re-derived`,
        );
        tally.stoppedAt = at;
        return tally;
      }
    }
  }
  return tally;
}

function checkCheckpoints(
  events: readonly LogEvent[],
  stream: string,
  options: VerifyOptions,
  findings: Findings,
): CheckpointResult[] {
  const keyId = options.publicKey ? publicKeyId(options.publicKey) : null;
  const last = events[events.length - 1]?.metadata.revision ?? 0;
  return (options.checkpoints ?? []).map((signed) => {
    const { checkpoint } = signed;
    const { revision } = checkpoint;
    let signature: CheckpointResult['signature'] = 'not-checked';
    if (options.publicKey) {
      signature = checkpointSignatureValid(signed, options.publicKey) ? 'valid' : 'invalid';
      if (signature === 'invalid') {
        findings.add(
          revision,
          'C-3',
          'checkpoints',
          `the checkpoint at event ${revision} does not verify with the public key ${keyId}${signed.keyId && signed.keyId !== keyId ? ` (it names key ${signed.keyId})` : ''}: it was altered or not signed by this service`,
        );
      }
    }
    const event = events.find((e) => e.metadata.revision === revision);
    let matches = false;
    if (checkpoint.stream !== stream) {
      findings.add(
        revision,
        'C-3',
        'checkpoints',
        `the checkpoint is for stream ${checkpoint.stream}, not ${stream}`,
      );
    } else if (!event) {
      findings.add(
        revision,
        'C-3',
        'checkpoints',
        `a checkpoint signed at ${checkpoint.signedAt} covers event ${revision}, but the log ends at event ${last}: events were removed`,
      );
    } else if (event.metadata.hash !== checkpoint.hash) {
      findings.add(
        revision,
        'C-3',
        'checkpoints',
        `event ${revision} has hash ${event.metadata.hash}, but the checkpoint signed at ${checkpoint.signedAt} says ${checkpoint.hash}: the log up to event ${revision} was rewritten since`,
      );
    } else {
      matches = true;
    }
    return {
      revision,
      hash: checkpoint.hash,
      signedAt: checkpoint.signedAt,
      keyId: signed.keyId,
      signature,
      matches,
    };
  });
}

export function verifyMatchLog(events: readonly LogEvent[], options: VerifyOptions = {}): VerificationReport {
  const findings = new Findings();
  const first = events[0];
  const stream = first?.metadata.stream ?? null;
  const matchId = stream === null ? null : (matchIdOf(stream) ?? null);
  const recordedRuleset = first?.metadata.ruleset ?? null;
  const last = events[events.length - 1];
  const head = last ? { revision: last.metadata.revision, hash: last.metadata.hash } : null;

  // C-3: the chain.
  let links = 0;
  if (!first || stream === null) {
    findings.add(0, 'C-3', 'chain', 'the log holds no events');
  } else {
    const chain = verifyChain(stream, events);
    if (chain.ok) {
      links = events.length;
    } else {
      links = chain.revision - 1;
      findings.add(
        chain.revision,
        'C-3',
        'chain',
        `the hash chain breaks at event ${chain.revision}: ${chain.reason}`,
      );
    }
  }

  // The rules the match was created under, named in every event.
  const ruleset = recordedRuleset ? rulesetById(recordedRuleset.id) : undefined;
  const replay = ruleset ? REPLAYS[ruleset.id] : undefined;
  if (first && first.type !== 'MatchCreated') {
    findings.add(
      first.metadata.revision,
      'C-4',
      'outcomes',
      `the log begins with ${first.type}, not MatchCreated`,
    );
  }
  if (first && (!ruleset || !replay)) {
    findings.add(
      first.metadata.revision,
      'C-3',
      'outcomes',
      `the log names ruleset ${recordedRuleset?.id ?? 'none'}, which this verifier does not know`,
    );
  }
  const createdRef = isRecord(first?.data) ? (first.data.ruleset as RulesetRef | undefined) : undefined;
  if (first?.type === 'MatchCreated' && !sameRulesetRef(createdRef, recordedRuleset ?? undefined)) {
    findings.add(
      first.metadata.revision,
      'C-3',
      'outcomes',
      'the rules named in the envelope are not the rules (and parameters hash) MatchCreated records',
    );
  }
  const foreign = events.find(
    (event) => !sameRulesetRef(event.metadata.ruleset, recordedRuleset ?? undefined),
  );
  if (foreign) {
    findings.add(
      foreign.metadata.revision,
      'C-3',
      'outcomes',
      `event ${foreign.metadata.revision} names other rules (${foreign.metadata.ruleset?.id ?? 'none'} ${foreign.metadata.ruleset?.version ?? ''}) than the match was created under`,
    );
  }

  // C-2, C-5: the dice.
  const dice = first ? seedOf(events, findings) : { diceMode: null, seed: null, seedRevealed: false };
  const { rolls, verified } = checkServerRolls(events, dice, findings);

  // C-3, C-5, AA-2: the outcomes and the reveals.
  const tally: RulesTally =
    ruleset && replay && dice.diceMode
      ? replayRules({ events, matchId, ruleset, replay, diceMode: dice.diceMode, findings })
      : { commands: 0, events: 0, reveals: 0, revealsVerified: 0, stoppedAt: first ? 1 : null };

  // Checkpoints.
  const checkpoints = stream === null ? [] : checkCheckpoints(events, stream, options, findings);

  const discrepancies = findings.sorted();
  const serverStatus: VerificationReport['checked']['serverRolls']['status'] = findings.has('serverRolls')
    ? 'failed'
    : dice.diceMode !== 'server'
      ? 'not-applicable'
      : dice.seed
        ? 'verified'
        : 'pending-seed';
  const report: VerificationReport = {
    ok: discrepancies.length === 0,
    stream,
    matchId,
    ruleset: recordedRuleset,
    head,
    checked: {
      events: events.length,
      chain: {
        ok: !findings.has('chain'),
        links,
        message: findings.has('chain')
          ? `intact up to event ${links}`
          : `intact: ${links} events, each linked to the one before and hashing to its recorded hash`,
      },
      outcomes: {
        ok: !findings.has('outcomes'),
        commands: tally.commands,
        events: tally.events,
        message:
          tally.stoppedAt !== null
            ? `re-derived up to event ${tally.stoppedAt}; the rest could not be folded`
            : `${tally.commands} commands decided again from the recorded facts and faces; ${tally.events} of ${events.length} events equal what the rules give`,
      },
      serverRolls: {
        ok: !findings.has('serverRolls'),
        status: serverStatus,
        diceMode: dice.diceMode,
        rolls,
        verified,
        seedRevealed: dice.seedRevealed,
        message: {
          verified: `${verified} of ${rolls} server rolls equal HMAC-SHA256 of the revealed seed, and SHA-256 of the seed is the commitment published at the start`,
          'pending-seed': `${rolls} server rolls cannot be checked yet: the seed is revealed when the match ends (MatchEnded); their indices count 1 to ${rolls} without reuse`,
          'not-applicable': 'table dice: the faces were entered at the table; there is no server seed',
          failed: 'the server dice do not check out',
        }[serverStatus],
      },
      reveals: {
        ok: !findings.has('reveals'),
        reveals: tally.reveals,
        verified: tally.revealsVerified,
        message:
          tally.reveals === 0
            ? 'no orders card was revealed'
            : `${tally.revealsVerified} of ${tally.reveals} reveals match the card or commitment sealed`,
      },
      checkpoints: {
        ok: !findings.has('checkpoints'),
        checked: checkpoints,
        message:
          checkpoints.length === 0
            ? 'no checkpoint given'
            : `${checkpoints.filter((c) => c.matches && c.signature !== 'invalid').length} of ${checkpoints.length} checkpoints hold`,
      },
    },
    discrepancies: discrepancies.slice(0, options.maxDiscrepancies ?? 50),
  };
  if (discrepancies[0]) report.firstDiscrepancy = discrepancies[0];
  return report;
}
