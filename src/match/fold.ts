import { serverRollCount } from '../rules/common/dice.js';
import type { AnyRuleset } from '../rulesets/registry.js';
import { matchRules as currentMatchRules, type MatchRules } from '../rules/match/index.js';
import type { MatchMeta } from '../rules/match/match-level.js';
import { CommandEnds, type CommandEndsImage } from './command-ends.js';

/** An event as folding needs it: what it is, and where it stands in its stream. */
export interface FoldableEvent {
  type: string;
  data: unknown;
  /** The commandId it was appended under: the events of one command share it. */
  metadata: { revision: number; commandId?: string };
}

/** A revert whose target is not an earlier event of the match (C-5). */
export class RevertTargetError extends Error {
  constructor(
    readonly revision: number,
    readonly target: unknown,
  ) {
    super(`ActionsReverted at event ${revision} goes back to ${String(target)}, which is no earlier event`);
    this.name = 'RevertTargetError';
  }
}

/**
 * The state after an earlier event that this fold no longer keeps: it keeps only the current turn
 * (as far back as players' undo reaches, C-5 / Q-16) and the revisions it was asked to retain. The
 * caller rebuilds that state from a snapshot and hands it in with `provide()`, or folds again with it
 * retained.
 */
export class StateNotKeptError extends RangeError {
  constructor(readonly revision: number) {
    super(`the state after event ${revision} is not kept in memory; rebuild it from a snapshot`);
    this.name = 'StateNotKeptError';
  }
}

/** The state right after one event, and the revision at which that event's player turn began. */
export interface KeptState {
  state: unknown;
  turnStartedAt: number;
  /**
   * The match-level state right after it (open undo requests and disputes, the end), for answers given
   * as of an earlier revision (a spectator held behind live play, `state?at=`). Kept in memory only: a
   * snapshot's kept states come back without it, and it is then rebuilt like any state not kept.
   */
  meta?: MatchMeta;
}

export interface MatchFoldOptions {
  /**
   * Revisions whose state is kept whatever turn it is (the verifier knows the targets of a log's
   * backups before it folds; the service asks for one when a judge backs a match up to an old turn).
   */
  retain?: Iterable<number>;
  /**
   * The match-level rules the match was recorded under (its first event names the version): its undos,
   * backups, disputes and end are folded by that version's code, as its ruleset's events are by the
   * ruleset version it records, so that a later version of the match-level rules leaves old logs as
   * they were. Absent: the current version, for a match created now.
   */
  matchRules?: MatchRules;
}

/** Everything a fold holds, as plain JSON: a snapshot is this, saved with the revision and chain hash. */
export interface MatchFoldImage {
  revision: number;
  state: unknown;
  meta: MatchMeta;
  /**
   * The kept states, in the order of their revisions. A state that is the very state of the entry before
   * it (or of the image's own revision) is written once: its entry names that revision instead, and its
   * own state is null. So a fold from the image holds one object where the fold it was made of did,
   * and "the state after r is the state now" stays one identity comparison (the undo targets that would
   * undo nothing). Images made before they shared have no fourth element.
   */
  kept: [revision: number, state: unknown, turnStartedAt: number, sameStateAs?: number][];
  /** Which events end their command; absent in an image made before they were kept. */
  commandEnds?: CommandEndsImage;
}

/**
 * Folds a match's events one at a time (C-3: the same events give the same state, anywhere). Ruleset
 * events go through the ruleset; ActionsReverted puts back the state as it stood after its target
 * (C-5), so a revert is exact whatever the ruleset keeps in its state; match-level events go into the
 * meta. Pure: the service's aggregate and the offline verifier fold with this same code.
 *
 * Memory does not grow with the match: the states after each event are kept for the current turn
 * only (what a player's undo can reach), plus the revisions named in `retain`. A judge's backup to an
 * older event needs that state from elsewhere (StateNotKeptError says which).
 */
export class MatchFold {
  private readonly kept = new Map<number, KeptState>();
  private readonly retained: Set<number>;
  /**
   * The revisions of the kept states in the order they were kept, from `forgetFrom` on: a new turn
   * forgets from the front of this list instead of looking at every state kept (the backups' targets
   * stay, so a long match keeps hundreds). Only while revisions come in increasing order, as a match's
   * do; null once one did not (a damaged log), and a turn then looks at every kept state.
   */
  private order: number[] | null = [];
  private forgetFrom = 0;
  private current: unknown;
  private currentMeta: MatchMeta;
  private last = 0;
  /** Which events end their command, for the whole stream; undefined when not known (an old image). */
  private ends: CommandEnds | undefined = CommandEnds.empty();
  /** The match-level rules this fold applies (MatchFoldOptions.matchRules). */
  readonly matchRules: MatchRules;

  constructor(
    private readonly ruleset: AnyRuleset,
    options: MatchFoldOptions = {},
  ) {
    this.retained = new Set(options.retain ?? []);
    this.matchRules = options.matchRules ?? currentMatchRules;
    this.currentMeta = this.matchRules.initialMeta();
    this.current = ruleset.decider.initialState();
    this.keep(0, { state: this.current, turnStartedAt: 1, meta: this.currentMeta });
  }

  /** A fold standing where an image of another fold stood (a snapshot). */
  static fromImage(ruleset: AnyRuleset, image: MatchFoldImage, options: MatchFoldOptions = {}): MatchFold {
    const fold = new MatchFold(ruleset, options);
    fold.kept.clear();
    fold.order = [];
    fold.current = image.state;
    fold.currentMeta = image.meta;
    fold.last = image.revision;
    fold.ends = CommandEnds.fromImage(image.commandEnds);
    const states = new Map<number, unknown>([[image.revision, image.state]]);
    for (const [revision, written, turnStartedAt, sameStateAs] of image.kept) {
      const state = sameStateAs === undefined ? written : states.get(sameStateAs);
      if (sameStateAs !== undefined && !states.has(sameStateAs)) {
        throw new RangeError(`kept state ${revision} names ${sameStateAs}, which the image does not hold`);
      }
      states.set(revision, state);
      fold.keep(revision, { state, turnStartedAt });
    }
    fold.keep(image.revision, {
      state: image.state,
      turnStartedAt: image.meta.turnStartedAt,
      meta: image.meta,
    });
    return fold;
  }

  apply(event: FoldableEvent): void {
    const revision = event.metadata.revision;
    this.ends?.record(revision, event.metadata.commandId);
    let meta = this.matchRules.evolveMeta(this.currentMeta, event, revision, serverRollCount(event.data));
    let state = this.current;
    if (event.type === 'ActionsReverted') {
      // Read as unknown, not as the union's type: the verifier folds logs it does not trust yet.
      const data: unknown = event.data;
      const target =
        typeof data === 'object' && data !== null && 'toRevision' in data ? data.toRevision : undefined;
      if (typeof target !== 'number' || !Number.isInteger(target) || target < 0 || target >= revision) {
        throw new RevertTargetError(revision, target);
      }
      const back = this.kept.get(target);
      if (!back) throw new StateNotKeptError(target);
      state = back.state;
      meta = { ...meta, turnStartedAt: back.turnStartedAt };
    } else if (!this.matchRules.isEvent(event)) {
      state = this.ruleset.decider.evolve(state, { type: event.type, data: event.data });
    }
    const turnBegan = meta.turnStartedAt !== this.currentMeta.turnStartedAt;
    this.current = state;
    this.currentMeta = meta;
    this.keep(revision, { state, turnStartedAt: meta.turnStartedAt, meta });
    this.last = revision;
    if (turnBegan) this.forgetBefore(meta.turnStartedAt);
  }

  /** Hands in the state after an event this fold no longer keeps, rebuilt by the caller. */
  provide(revision: number, kept: KeptState): void {
    this.kept.set(revision, kept);
    this.retained.add(revision);
  }

  /** True when the state after event `revision` is at hand. */
  keeps(revision: number): boolean {
    return this.kept.has(revision);
  }

  /**
   * true when event `revision` is the last event of the command that appended it, so an undo or a
   * backup may go back to it; undefined when this fold cannot tell (it stands on an image made before
   * command ends were kept).
   */
  endsCommand(revision: number): boolean | undefined {
    return this.ends?.endsCommand(revision);
  }

  /** The ruleset state now: reverted events do not count (C-5). */
  get state(): unknown {
    return this.current;
  }

  get meta(): MatchMeta {
    return this.currentMeta;
  }

  get revision(): number {
    return this.last;
  }

  /** The ruleset state as it stood right after event `revision` (0: before the match). */
  stateAt(revision: number): unknown {
    if (!Number.isInteger(revision) || revision < 0 || revision > this.last) {
      throw new RangeError(`no event ${revision} in this match`);
    }
    const kept = this.kept.get(revision);
    if (!kept) throw new StateNotKeptError(revision);
    return kept.state;
  }

  /** The match-level state right after event `revision`, when it is at hand (undefined otherwise). */
  metaAt(revision: number): MatchMeta | undefined {
    return this.kept.get(revision)?.meta;
  }

  /** The state kept after event `revision` (undefined when it is not kept). */
  keptAt(revision: number): KeptState | undefined {
    return this.kept.get(revision);
  }

  /**
   * What this fold holds, as plain data (states are immutable values, so nothing is copied). A kept
   * state that is the same object as the one before it, or as the current state, is named, not
   * written again (MatchFoldImage.kept).
   */
  image(): MatchFoldImage {
    const kept: MatchFoldImage['kept'] = [];
    let previous: { revision: number; state: unknown } | undefined;
    for (const [revision, entry] of [...this.kept].sort(([a], [b]) => a - b)) {
      if (revision === this.last) continue;
      const { state, turnStartedAt } = entry;
      if (state === this.current) kept.push([revision, null, turnStartedAt, this.last]);
      else if (previous !== undefined && previous.state === state) {
        kept.push([revision, null, turnStartedAt, previous.revision]);
      } else kept.push([revision, state, turnStartedAt]);
      previous = { revision, state };
    }
    return {
      revision: this.last,
      state: this.current,
      meta: this.currentMeta,
      kept,
      ...(this.ends ? { commandEnds: this.ends.image() } : {}),
    };
  }

  /**
   * A new turn: the states before it are out of a player's reach (C-5). A judge's backup after a
   * revert to an older turn can make that turn current again, so it is the turn start now in force
   * that bounds what is kept, not the latest TurnEnded.
   */
  private forgetBefore(turnStartedAt: number): void {
    const order = this.order;
    if (order === null) {
      for (const revision of this.kept.keys()) {
        if (revision < turnStartedAt && !this.retained.has(revision)) this.kept.delete(revision);
      }
      return;
    }
    // The kept revisions rise along `order`: those before the turn's start are its front.
    let from = this.forgetFrom;
    for (; from < order.length && order[from]! < turnStartedAt; from++) {
      const revision = order[from]!;
      if (!this.retained.has(revision)) this.kept.delete(revision);
    }
    if (from > 1024 && from * 2 > order.length) {
      this.order = order.slice(from);
      from = 0;
    }
    this.forgetFrom = from;
  }

  /** Keeps the state after event `revision`, noting the order revisions come in (forgetBefore). */
  private keep(revision: number, kept: KeptState): void {
    const order = this.order;
    if (order !== null) {
      const last = order.length > 0 ? order[order.length - 1]! : -Infinity;
      if (revision > last) order.push(revision);
      else this.order = null;
    }
    this.kept.set(revision, kept);
  }
}
