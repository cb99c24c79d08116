import { isMatchLevelEvent } from '../rules/match/events.js';
import { type KeptState, MatchFold, RevertTargetError, StateNotKeptError } from '../match/fold.js';
import { isMatchLevelCommand, type MatchLevelActor, type MatchMeta } from '../rules/match/match-level.js';
import { type DiceRoll, NO_DICE } from '../rules/common/dice.js';
import type { DomainEvent } from '../rules/common/decider.js';
import { isRecord } from '../rules/common/is-record.js';
import { RuleViolation } from '../rules/common/rule-violation.js';
import { matchLevelCommandFrom } from '../rules/match/legacy-commands.js';
import type { MatchRules } from '../rules/match/index.js';
import type { AnyRuleset } from '../rulesets/registry.js';
import { actorMismatch } from './acting-side-check.js';
import { type Findings, Pass } from './findings.js';
import type { LogEvent } from './log-event.js';
import type { Path } from './replay/compare.js';
import { compareGroup } from './replay/compare-group.js';
import { ReplayDice, ReplayMismatch } from './replay/replay-dice.js';
import { createdRulesHash } from './rules-replayed.js';
import type { VerificationReport } from './verification-report.js';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The revision an ActionsReverted goes back to, when it names one. */
export function revertTargetOf(event: { type: string; data: unknown }): number | undefined {
  const target = event.type === 'ActionsReverted' && isRecord(event.data) ? event.data.toRevision : undefined;
  return typeof target === 'number' ? target : undefined;
}

interface GroupEvent {
  event: LogEvent;
  rolls: DiceRoll[];
}

/** What the replay needs to begin: the rules the log records, and its facts from MatchCreated. */
export interface ReplayStart {
  ruleset: AnyRuleset | undefined;
  matchRules: MatchRules | undefined;
  diceMode: 'server' | 'table' | null;
  matchId: string | null;
}

/**
 * C-3, C-5, AA-2: the log's outcomes. Each command is decided again, on the state folded so far and with
 * the dice the log recorded, and must give exactly the events recorded; then those events are folded as
 * the match folds them (the very fold the service uses). Events are grouped by the command that appended
 * them. A judge's backup to a state older than the fold keeps suspends the fold: `needsState` asks for it.
 */
export class ReplayCheck {
  private ruleset: AnyRuleset | undefined;
  private matchRules: MatchRules | undefined;
  private diceMode: 'server' | 'table' | null = null;
  private matchId: string | null = null;
  /** The parameters hash this code gives deciding the match's creation again (null until it does). */
  private replayedHash: string | null = null;
  private fold: MatchFold | undefined;
  private readonly targetsSeen = new Set<number>();
  private group: GroupEvent[] = [];
  private groupOrdinal = 0;
  /** A group whose folding waits for an old state: its events, from `index` on, are still to fold. */
  private suspended: { group: GroupEvent[]; index: number; start: number; target: number } | null = null;
  private commands = 0;
  private eventsMatched = 0;
  private reveals = 0;
  private revealsVerified = 0;
  /** The replay stopped early: the state could not be folded any further. */
  private stoppedAt: number | null = null;

  constructor(
    private readonly findings: Findings,
    private readonly retain: readonly number[],
  ) {}

  begin(start: ReplayStart): void {
    this.ruleset = start.ruleset;
    this.matchRules = start.matchRules;
    this.diceMode = start.diceMode;
    this.matchId = start.matchId;
    if (start.ruleset && start.matchRules && start.diceMode) {
      this.fold = new MatchFold(start.ruleset, { retain: [...this.retain], matchRules: start.matchRules });
    } else {
      this.stoppedAt = 1;
    }
  }

  /** The hash of the rules this code replayed the match's creation with (null until it has). */
  get replayedRulesHash(): string | null {
    return this.replayedHash;
  }

  /** The state after event `target` that a backup needs and the fold no longer keeps. */
  get needsState(): { target: number; before: number; retain: number[] } | null {
    const s = this.suspended;
    return s
      ? { target: s.target, before: s.start + s.index, retain: [...this.targetsSeen, s.target] }
      : null;
  }

  get waiting(): boolean {
    return this.suspended !== null;
  }

  /** Hands in the state `needsState` asked for, and folds on. */
  provide(target: number, state: KeptState): void {
    const s = this.suspended;
    if (!s || s.target !== target) throw new Error(`no state after event ${target} was asked for`);
    this.fold!.provide(target, state);
    this.suspended = null;
    this.foldGroup(s.group, s.index, s.start);
  }

  add(event: LogEvent, rolls: DiceRoll[], ordinal: number): void {
    const target = revertTargetOf(event);
    if (target !== undefined) this.targetsSeen.add(target);
    if (!this.fold) return;
    const current = this.group[0];
    if (current && current.event.metadata.commandId !== event.metadata.commandId) this.closeGroup();
    if (this.group.length === 0) this.groupOrdinal = ordinal;
    this.group.push({ event, rolls });
  }

  /** After the last event: decides and folds the last command (it may then ask for a state: needsState). */
  close(): void {
    if (this.fold && this.group.length > 0) this.closeGroup();
  }

  /** The report's outcomes section, for a log of `events` events. */
  outcomes(events: number): VerificationReport['checked']['outcomes'] {
    const { commands, eventsMatched, stoppedAt } = this;
    return {
      ok: !this.findings.has('outcomes'),
      commands,
      events: eventsMatched,
      message:
        stoppedAt !== null
          ? `re-derived up to event ${stoppedAt}; the rest could not be folded`
          : `${commands} commands decided again from the recorded facts and faces; ${eventsMatched} of ${events} events equal what the rules give`,
    };
  }

  /** AA-2: the report's reveals section. */
  revealsSection(): VerificationReport['checked']['reveals'] {
    const { reveals, revealsVerified } = this;
    return {
      ok: !this.findings.has('reveals'),
      reveals,
      verified: revealsVerified,
      message:
        reveals === 0
          ? 'no orders card was revealed'
          : `${revealsVerified} of ${reveals} reveals match the card or commitment sealed`,
    };
  }

  private closeGroup(): void {
    const group = this.group;
    this.group = [];
    this.decideAndFold(group, this.groupOrdinal);
  }

  /**
   * C-3: decide the command again on the state folded so far, with the dice the log recorded, then
   * fold the recorded events exactly as the match does: ruleset events through evolve(), an
   * ActionsReverted back to the state after its target (C-5), match-level events into the meta.
   */
  private decideAndFold(group: GroupEvent[], ordinal: number): void {
    if (this.stoppedAt !== null || !this.fold) return;
    const first = group[0]!.event;
    const revision = first.metadata.revision;
    let matchLevel = 0;
    for (const { event } of group) if (isMatchLevelEvent(event)) matchLevel += 1;
    const isMatchLevel = matchLevel > 0;
    this.commands += 1;
    if (isMatchLevel && matchLevel < group.length) {
      this.findings.add(
        revision,
        'C-3',
        'outcomes',
        `the events appended by command ${first.metadata.commandId} mix match-level and ruleset events; no command does`,
        Pass.Rules,
      );
    } else {
      try {
        const events = group.map((g) => g.event);
        const decided = isMatchLevel
          ? this.decideMatchLevelGroup(group)
          : this.decideRulesetGroup(group, events);
        // The log's first command creates the match: what this code names it is the code replayed.
        if (ordinal === 0 && !isMatchLevel) this.replayedHash = createdRulesHash(decided);
        this.eventsMatched += compareGroup(
          decided,
          events,
          isMatchLevel ? this.matchRules!.ruleIdOf : this.rulesetRuleIdOf,
          this.reportOutcome,
        );
      } catch (error) {
        this.refused(error, revision, first.type);
      }
    }
    this.foldGroup(group, 0, ordinal);
  }

  private refused(error: unknown, revision: number, type: string): void {
    if (error instanceof ReplayMismatch) {
      this.findings.add(error.revision, error.ruleId, 'outcomes', error.message, Pass.Rules);
    } else if (error instanceof RuleViolation) {
      this.findings.add(
        revision,
        error.ruleId,
        'outcomes',
        `the rules refuse the command behind event ${revision} (${type}): ${error.message}`,
        Pass.Rules,
      );
    } else {
      this.findings.add(
        revision,
        'C-3',
        'outcomes',
        `the rules cannot decide the command behind event ${revision} (${type}): ${messageOf(error)}`,
        Pass.Rules,
      );
    }
  }

  private foldGroup(group: GroupEvent[], from: number, start: number): void {
    const fold = this.fold!;
    for (let i = from; i < group.length; i++) {
      const { event } = group[i]!;
      const at = event.metadata.revision;
      try {
        fold.apply(event);
      } catch (error) {
        if (error instanceof StateNotKeptError) {
          this.suspended = { group, index: i, start, target: error.revision };
          return;
        }
        const ruleId = error instanceof RevertTargetError ? 'C-5' : 'C-3';
        this.findings.add(
          at,
          ruleId,
          'outcomes',
          `event ${at} (${event.type}) cannot be folded into the match (${messageOf(error)}); nothing after it can be re-derived`,
          Pass.Rules,
        );
        this.stoppedAt = at;
        return;
      }
    }
  }

  /** How compareGroup names the rule a ruleset event breaks, and reports it (made once, not per command). */
  private readonly rulesetRuleIdOf = (event: DomainEvent, path: Path): string =>
    this.ruleset!.ruleIdOf(event, path);
  private readonly reportOutcome = (revision: number, ruleId: string, message: string): void =>
    this.findings.add(revision, ruleId, 'outcomes', message, Pass.Rules);

  private decideRulesetGroup(group: readonly GroupEvent[], events: readonly LogEvent[]): DomainEvent[] {
    const fold = this.fold!;
    const ruleset = this.ruleset!;
    const meta: MatchMeta = fold.meta;
    const state = fold.state;
    const first = group[0]!.event;
    const revision = first.metadata.revision;
    if (meta.ended) throw new ReplayMismatch('C-4', revision, `${first.type} after the match ended`);
    // The command the log records, decided again; a log from before commands were recorded has its
    // commands rebuilt from their events.
    const command = first.metadata.command ?? ruleset.legacyCommandFrom?.(events);
    if (!command) {
      throw new ReplayMismatch(
        'C-3',
        revision,
        `${first.type} begins no ${ruleset.id} command: it only follows a command's own event in the same append`,
      );
    }
    if (command.type === 'CreateMatch' && command.matchId !== this.matchId) {
      throw new ReplayMismatch(
        'C-3',
        revision,
        `MatchCreated names match ${String(command.matchId)}, but the log is the stream of match ${String(this.matchId)}`,
      );
    }
    // C-6: the command came from a key allowed to send it, as the service authorised it.
    const refused = actorMismatch(ruleset, state, command, first.metadata.actor);
    if (refused) throw new ReplayMismatch('C-6', revision, refused);
    if (ruleset.checkReveal) {
      for (const { event } of group) {
        const problem = ruleset.checkReveal(state, event);
        if (problem === undefined) continue;
        this.reveals += 1;
        if (problem === null) this.revealsVerified += 1;
        else this.findings.add(event.metadata.revision, 'AA-2', 'reveals', problem, Pass.Rules);
      }
    }
    return ruleset.decider.decide(
      state,
      command,
      new ReplayDice(
        events,
        this.diceMode!,
        group.map((g) => g.rolls),
      ),
    );
  }

  private decideMatchLevelGroup(group: readonly GroupEvent[]): DomainEvent[] {
    const fold = this.fold!;
    const first = group[0]!.event;
    const revision = first.metadata.revision;
    const recorded = first.metadata.command;
    const command =
      recorded === undefined
        ? matchLevelCommandFrom(group.map((g) => g.event).filter(isMatchLevelEvent))
        : isMatchLevelCommand(recorded)
          ? recorded
          : undefined;
    if (!command) throw new ReplayMismatch('C-5', revision, `${first.type} begins no match-level command`);
    const { role, side } = first.metadata.actor;
    if (role !== 'player' && role !== 'judge' && role !== 'organiser') {
      throw new ReplayMismatch('C-6', revision, `a ${role} key sent the command behind ${first.type}`);
    }
    const actor: MatchLevelActor = { role, ...(side === 'A' || side === 'B' ? { side } : {}) };
    const recordedSeed = isRecord(first.data) ? first.data.serverSeed : undefined;
    const serverSeed =
      this.diceMode === 'server' && first.type === 'MatchEnded' && typeof recordedSeed === 'string'
        ? recordedSeed
        : null;
    // The match-level rules the log records decide it again, as its ruleset decides the rest.
    return this.matchRules!.decider.decide(
      { meta: fold.meta, revision: revision - 1, endsCommand: (r) => fold.endsCommand(r) },
      { command, actor, serverSeed },
      NO_DICE,
    );
  }
}
