import { createHmac } from 'node:crypto';
import { canonicalJson } from '../event-store/canonical-json.js';
import { Inject, Injectable, UnprocessableEntityException } from '@nestjs/common';
import { clientSeedsText, ServerDice } from './dice-fairness.js';
import { MatchSecrets } from './match-secrets.service.js';
import { actorOf, recordedCommandId, viewerOf } from '../auth/principal.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../event-store/event-store.port.js';
import { type DiceSource, NO_DICE, TableDice } from '../rules/common/dice.js';
import type { CommandDeclaration } from '../rules/common/command-declaration.js';
import { violation } from '../rules/common/rule-violation.js';
import {
  currentMatchRules,
  currentRuleset,
  rulesetFor,
  rulesetIds,
  versionsOf,
} from '../rulesets/registry.js';
import { LeastRecentlyUsed } from './least-recently-used.js';
import type { MatchAggregate } from './match-aggregate.js';
import { MatchAggregates } from './match-aggregates.js';
import {
  type Decision,
  handleMatchCommand,
  type MatchCommandRequest,
  type MatchCommandAnswer,
  type MatchCommandResult,
  type MatchCommandSteps,
} from './match-command-handler.js';
import { MatchNotFoundError, NotYourCommandError } from './match-errors.js';
import {
  isMatchLevelCommand,
  MATCH_LEVEL_COMMAND_TYPES,
  type MatchLevelActor,
} from '../rules/match/match-level.js';
import { isMatchCreated } from '../rules/match/events.js';
import { MatchLocks } from './match-locks.js';
import { matchStream } from './match-stream.js';
import { MatchViewer } from './match-viewer.js';
import { SealedOrders } from './sealed-orders.js';

type Command = MatchCommandRequest['command'];

/** The ruleset's declaration of a command type, if it takes that command over HTTP. */
function declarationOf(match: MatchAggregate, type: string): CommandDeclaration | undefined {
  return match.ruleset.commands.find((declaration) => declaration.type === type);
}

/** Per-match keys derived once, not per command (HKDF is not free, and it is the same every time). */
interface MatchKeys {
  fingerprint: Buffer;
  seed: Buffer;
}

/**
 * The steps of the command path for matches (see handleMatchCommand), over the cached aggregate:
 * nothing here reads a stream it has already seen.
 */
@Injectable()
export class MatchCommandService implements MatchCommandSteps {
  private readonly keys = new LeastRecentlyUsed<MatchKeys>(10_000, Number.POSITIVE_INFINITY);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly aggregates: MatchAggregates,
    private readonly secrets: MatchSecrets,
    private readonly sealedOrders: SealedOrders,
    private readonly viewer: MatchViewer,
    private readonly locks: MatchLocks,
  ) {}

  /**
   * Runs a command. Commands on one match take turns within this instance (they would only conflict);
   * other matches' commands run meanwhile, and their appends share a commit. Unless the request asks
   * for a minimal answer, the answer is the whole play contract.
   */
  execute(request: MatchCommandRequest & { answer?: 'full' }): Promise<MatchCommandResult>;
  execute(request: MatchCommandRequest): Promise<MatchCommandAnswer>;
  execute(request: MatchCommandRequest): Promise<MatchCommandAnswer> {
    const sent = `${recordedCommandId(request.principal, request.commandId)}#`;
    const recordedId = `${sent}${this.fingerprint(request, sent)}`;
    return this.locks.run(request.matchId, () => handleMatchCommand(this, request, recordedId));
  }

  async load(request: MatchCommandRequest): Promise<MatchAggregate | undefined> {
    if (request.command.type === 'CreateMatch') return this.aggregates.find(request.matchId);
    return this.aggregates.cached(request.matchId);
  }

  async earlierAnswer(
    request: MatchCommandRequest,
    recordedId: string,
    match?: MatchAggregate,
  ): Promise<MatchCommandAnswer | undefined> {
    const sent = recordedId.slice(0, recordedId.lastIndexOf('#') + 1);
    // The aggregate knows every commandId up to its revision: when none starts with `sent`, any that
    // does is newer than that revision, and then the append (expected at that revision) meets it (as a
    // conflict, or as this very command) and the loop reads the tail and asks again. So the index seek
    // is only needed when the aggregate cannot rule the commandId out.
    if (match && !match.mayHoldCommand(sent)) return undefined;
    const earlier = await this.store.findCommand(matchStream(request.matchId), sent);
    if (earlier.length === 0) return undefined;
    if (earlier[0]!.metadata.commandId !== recordedId) {
      violation(
        'C-6',
        `commandId ${request.commandId} was already used for another command; choose a new one`,
      );
    }
    // The first answer as it was given: the match right after these events, not the match now.
    const aggregate = await this.aggregates.current(request.matchId);
    const last = earlier[earlier.length - 1]!.metadata.revision;
    const then = await this.aggregates.matchAt(aggregate, last);
    const viewer = viewerOf(request.principal);
    const asThen = { ...aggregate.current(), revision: last, ...then, reverted: new Set<number>() };
    if (request.answer === 'minimal') {
      const events = this.viewer.events(asThen, viewer, earlier);
      return { matchId: request.matchId, revision: last, duplicate: true, events };
    }
    return {
      ...this.viewer.contract(asThen, { revision: last, ...then }, viewer),
      duplicate: true,
      events: this.viewer.events(asThen, viewer, earlier),
    };
  }

  authorise(request: MatchCommandRequest, match: MatchAggregate | undefined): void {
    const { principal, command } = request;
    if (principal.role === 'spectator') throw new NotYourCommandError('a spectator key can only read');
    if (command.type === 'CreateMatch') {
      if (principal.role !== 'organiser' && principal.role !== 'judge') {
        throw new NotYourCommandError('matches are created with an organiser or judge key');
      }
      return;
    }
    if (!match) throw new MatchNotFoundError(request.matchId);
    if (principal.role === 'player' && principal.matchId !== request.matchId) {
      throw new NotYourCommandError(`this player key is for another match, not ${request.matchId}`);
    }
    if (MATCH_LEVEL_COMMAND_TYPES.has(command.type)) return; // match-level rules name their own actors
    if (!match.ruleset.commandTypes.includes(command.type)) {
      violation(
        'C-6',
        `${command.type} is not a command of the ${match.ruleset.id} ruleset this match is played under`,
        'invalid',
      );
    }
    if (match.fold.meta.ended) violation('C-4', 'the match has ended');
    match.matchRules.refusePlay(match.fold.meta);
    // Who may send it is the ruleset's word (its declared roles); a command it does not declare over
    // HTTP (EndTurn) is a player's.
    const roles = declarationOf(match, command.type)?.roles ?? ['player'];
    if (principal.role === 'organiser' || principal.role === 'judge') {
      if (roles.includes(principal.role)) return;
      throw new NotYourCommandError(
        `${command.type} is a player's command; ${principal.role} keys set matches up`,
      );
    }
    if (!roles.includes('player')) {
      throw new NotYourCommandError(`${command.type} is sent by ${roles.join(' or ')} keys, not a player's`);
    }
    const side = match.ruleset.actingSide(match.fold.state, command);
    if (side !== undefined && side !== principal.side) {
      throw new NotYourCommandError(
        `${command.type} is for side ${side} to send; this key plays side ${principal.side}`,
      );
    }
  }

  prepare(request: MatchCommandRequest, match: MatchAggregate | undefined): Command {
    const { command } = request;
    if (command.type === 'CreateMatch') {
      // C-2: a server-dice match is created with SHA-256 of its seed, never the seed.
      return command.diceMode === 'server'
        ? { ...command, diceCommitment: this.secrets.commitment(request.matchId) }
        : command;
    }
    if (!match || MATCH_LEVEL_COMMAND_TYPES.has(command.type)) return command;
    return this.sealedOrders.prepare(match.current(), command);
  }

  decide(request: MatchCommandRequest, match: MatchAggregate | undefined, command: Command): Decision {
    if (command.type === 'CreateMatch') return this.decideCreate(request, match, command);
    if (!match) throw new MatchNotFoundError(request.matchId);
    this.checkLimits(match, command);
    if (isMatchLevelCommand(command)) {
      if (request.dice?.length) violation('C-1', `${command.type} rolls no dice`, 'invalid');
      const { principal } = request;
      const actor = {
        role: principal.role,
        ...(principal.side ? { side: principal.side } : {}),
      } as MatchLevelActor;
      const serverSeed =
        match.diceMode === 'server' ? this.keysOf(request.matchId).seed.toString('hex') : null;
      // Decided by the match-level rules of the version the match was created under (logs verify forever).
      const events = match.matchRules.decider.decide(
        {
          meta: match.fold.meta,
          revision: match.revision,
          endsCommand: (revision) => match.fold.endsCommand(revision),
        },
        { command, actor, serverSeed },
        NO_DICE,
      );
      return { events, ruleset: match.rulesetRef, command };
    }
    const dice = this.diceFor(request, match);
    const events = match.ruleset.decider.decide(match.fold.state, command, dice);
    if (dice instanceof TableDice) dice.assertAllUsed();
    return { events, ruleset: match.rulesetRef, command };
  }

  async append(
    request: MatchCommandRequest,
    recordedId: string,
    match: MatchAggregate | undefined,
    decision: Decision,
  ): Promise<{ events: RecordedEvent[]; duplicate: boolean }> {
    const revision = match?.revision ?? 0;
    return this.store.append(matchStream(request.matchId), decision.events, {
      expectedRevision: revision === 0 ? 'no_stream' : revision,
      commandId: recordedId,
      actor: actorOf(request.principal),
      ruleset: decision.ruleset,
      ...(decision.matchRulesVersion ? { matchRulesVersion: decision.matchRulesVersion } : {}),
      // Inside the hash chain, so the verifier decides the very command again (never a sealed card:
      // prepare() put it in escrow, AA-2).
      ...(decision.command ? { command: decision.command } : {}),
    });
  }

  async absorb(
    request: MatchCommandRequest,
    match: MatchAggregate | undefined,
    events: RecordedEvent[],
  ): Promise<MatchAggregate> {
    if (!match) return this.aggregates.started(request.matchId, events);
    await this.aggregates.absorb(match, events);
    return match;
  }

  async catchUp(
    request: MatchCommandRequest,
    match: MatchAggregate | undefined,
  ): Promise<MatchAggregate | undefined> {
    return match ? this.aggregates.catchUp(match) : this.aggregates.find(request.matchId);
  }

  async view(
    request: MatchCommandRequest,
    match: MatchAggregate,
    mine: RecordedEvent[],
  ): Promise<MatchCommandAnswer> {
    const viewer = viewerOf(request.principal);
    const current = match.current();
    // The answer stands right after this command's events (another instance may have appended since).
    const last = mine[mine.length - 1]!.metadata.revision;
    if (request.answer === 'minimal') {
      return {
        matchId: request.matchId,
        revision: last,
        duplicate: false,
        events: this.viewer.events(current, viewer, mine),
      };
    }
    const at =
      last === current.revision
        ? { revision: last, state: current.state, meta: current.meta }
        : { revision: last, ...(await this.aggregates.matchAt(match, last)) };
    return {
      ...this.viewer.contract(current, at, viewer),
      duplicate: false,
      events: this.viewer.events(current, viewer, mine),
    };
  }

  private decideCreate(
    request: MatchCommandRequest,
    match: MatchAggregate | undefined,
    command: Command,
  ): Decision {
    if (match) violation('C-4', `match ${request.matchId} already exists`);
    const ruleset = request.rulesetId ? currentRuleset(request.rulesetId) : undefined;
    if (!ruleset) violation('C-6', `ruleset must be one of ${rulesetIds().join(', ')}`, 'invalid');
    const version = request.rulesetVersion ?? ruleset.version;
    // Any version the service serves may be played; a match keeps the one it was created under (C-3).
    const chosen = rulesetFor({ id: ruleset.id, version });
    if (!chosen) {
      const served = versionsOf(ruleset.id).map((r) => r.version);
      violation(
        'C-6',
        `rulesetVersion: ${ruleset.id} has no version ${version} (served: ${served.join(', ')})`,
        'invalid',
      );
    }
    if (request.dice?.length) violation('C-2', 'creating a match rolls no dice', 'invalid');
    const events = chosen.decider.decide(chosen.decider.initialState(), command, NO_DICE);
    const [created] = events;
    return {
      events,
      ruleset: created && isMatchCreated(created) ? created.data.ruleset : undefined,
      // Recorded on MatchCreated: the match is played, and verified, under these match-level rules for life.
      matchRulesVersion: currentMatchRules.version,
      command,
    };
  }

  /** Limits that keep one table from taking the service from the others; each names its setting. */
  private checkLimits(match: MatchAggregate, command: Command): void {
    if (match.revision >= this.config.maxEventsPerMatch) {
      throw new UnprocessableEntityException(
        `limit: a match holds at most ${this.config.maxEventsPerMatch} events (UMPIRE_MAX_EVENTS_PER_MATCH); this one is full`,
      );
    }
    if (declarationOf(match, command.type)?.addsUnit !== true) return;
    // The roster is the ruleset's own account of its units (one row each).
    if (match.ruleset.roster(match.fold.state).length >= this.config.maxUnitsPerMatch) {
      throw new UnprocessableEntityException(
        `limit: a match holds at most ${this.config.maxUnitsPerMatch} units (UMPIRE_MAX_UNITS_PER_MATCH)`,
      );
    }
  }

  private diceFor(request: MatchCommandRequest, match: MatchAggregate): DiceSource {
    if (match.diceMode === 'table') return new TableDice(request.dice ?? []);
    if (request.dice?.length)
      violation('C-2', 'this match rolls server dice; a command cannot bring its own faces', 'invalid');
    // C-5: the index counts every roll ever recorded, reverted or not, so an undo never re-offers a roll.
    return new ServerDice(
      this.keysOf(request.matchId).seed,
      clientSeedsText(match.fold.meta.clientSeeds),
      match.lastRoll + 1,
    );
  }

  /**
   * What the command said, in 16 hex digits: recorded with its commandId, so that a commandId sent
   * again with another command is refused rather than answered with the first command's result. An
   * HMAC under a per-match secret key, not a plain hash: the command may carry a sealed card, and the
   * recorded commandId is public (a plain hash of a SealOrder falls to trying the 54 cards).
   */
  private fingerprint(
    { matchId, command, dice, rulesetId, rulesetVersion }: MatchCommandRequest,
    commandId: string,
  ): string {
    // The version only when asked for, so that a create recorded before versions could be chosen
    // keeps its fingerprint, and a repeat of it is still recognised.
    const canonical =
      canonicalJson({
        commandId,
        command,
        dice: dice ?? [],
        rulesetId: rulesetId ?? null,
        ...(rulesetVersion !== undefined ? { rulesetVersion } : {}),
      }) ?? '';
    return createHmac('sha256', this.keysOf(matchId).fingerprint)
      .update(canonical)
      .digest('hex')
      .slice(0, 16);
  }

  private keysOf(matchId: string): MatchKeys {
    let keys = this.keys.get(matchId);
    if (!keys) {
      keys = { fingerprint: this.secrets.fingerprintKey(matchId), seed: this.secrets.seed(matchId) };
      this.keys.set(matchId, keys, 64);
    }
    return keys;
  }
}
