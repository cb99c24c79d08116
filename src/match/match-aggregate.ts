import { lastRollIndex } from '../rules/common/dice.js';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import type { RulesetRef } from '../rules/common/ruleset-ref.js';
import { type AnyRuleset, matchRulesFor, rulesetFor } from '../rulesets/registry.js';
import type { MatchRules } from '../rules/match/index.js';
import { MatchFold, type MatchFoldImage } from './fold.js';
import { MatchNotFoundError } from './match-errors.js';
import type { MatchMeta } from '../rules/match/match-level.js';
import { isMatchCreated, isMatchLevel, type MatchCreatedHeader } from '../rules/match/events.js';

/** What MatchCreated records: the header every ruleset shares, and the ruleset's own fields besides. */
type CreatedData = MatchCreatedHeader['data'] & Readonly<Record<string, unknown>>;

/** A match as it stands at one revision: what the viewer, the sealed orders and the handler read. */
export interface LoadedMatch {
  matchId: string;
  ruleset: AnyRuleset;
  /** The ruleset as the match's first event names it (id, version, parameters hash). */
  rulesetRef: RulesetRef;
  /** The data of MatchCreated: sides, dice mode, parameters (the part every ruleset records alike, typed). */
  created: Readonly<CreatedData>;
  revision: number;
  /** The hash of the event at `revision` (the chain head), and its global position in the store. */
  headHash: string;
  headPosition: number;
  /** The ruleset state now: reverted events do not count (C-5). */
  state: unknown;
  meta: MatchMeta;
  /** Revisions undone by an ActionsReverted; they stay in the log. */
  reverted: ReadonlySet<number>;
  /** The same, counting only the ActionsReverted events up to `asOf` (what a delayed reader may know). */
  revertedAsOf(asOf: number): ReadonlySet<number>;
  /** The ruleset state right after event `revision`, if it is kept (StateNotKeptError otherwise). */
  stateAt(revision: number): unknown;
  /** Whether the state right after event `revision` is kept (stateAt answers it). */
  keepsStateAt(revision: number): boolean;
  /**
   * Q-32, under match-level rules that hold it: whether event `revision` ends its command (absent under
   * rules that let an undo or a backup go back to any event).
   */
  endsCommand?: (revision: number) => boolean | undefined;
}

/** One ActionsReverted: at which event, and the events it undid. */
export type RevertRecord = [at: number, from: number, through: number];

/** The aggregate's image in a snapshot. */
export interface MatchAggregateImage {
  matchId: string;
  rulesetRef: RulesetRef;
  /** The match-level rules' version from the first event; absent in images written before it was kept (1.0.0's). */
  matchRulesVersion?: string;
  created: CreatedData;
  headHash: string;
  headPosition: number;
  lastRoll: number;
  reverts: RevertRecord[];
  fold: MatchFoldImage;
}

/**
 * One match, folded and kept up to date in memory: the fold, the chain head, the last server roll's
 * index. It moves forward one recorded event at a time, whoever appended it (this instance, another
 * one, a retried request), and never applies an event twice: a command reads only what it has not seen.
 */
export class MatchAggregate {
  private head: string;
  private position: number;
  private rolls: number;
  private readonly reverts: RevertRecord[];
  private view?: LoadedMatch;
  /**
   * What this aggregate knows of the commandIds recorded in its stream: a hash of every prefix of each
   * that ends in '#' (a command's `sent` part, see sentPrefixHash), for every event from revision 1 to
   * its revision. Undefined when it did not see them all (loaded from a snapshot): then nothing is known.
   */
  private commandPrefixes?: Set<number>;
  /** A rough size, for the cache's byte bound: the image's length when it was last measured, and since. */
  bytes: number;

  private constructor(
    readonly matchId: string,
    readonly ruleset: AnyRuleset,
    readonly rulesetRef: RulesetRef,
    /** The match-level rules (undo, backups, disputes, seeds, the end) of the version the match records. */
    readonly matchRules: MatchRules,
    readonly created: CreatedData,
    readonly fold: MatchFold,
    head: { hash: string; position: number },
    rolls: number,
    reverts: RevertRecord[],
    bytes: number,
  ) {
    this.head = head.hash;
    this.position = head.position;
    this.rolls = rolls;
    this.reverts = reverts;
    this.bytes = bytes;
  }

  /** A match from its first event (MatchCreated), which names its ruleset. */
  static start(matchId: string, first: RecordedEvent): MatchAggregate {
    const ref = first.metadata.ruleset;
    const ruleset = ref ? rulesetFor(ref) : undefined;
    // A match keeps the match-level rules it was created under, as it keeps its ruleset's version.
    const matchRules = matchRulesFor(first.metadata.matchRulesVersion);
    if (!ref || !ruleset || !matchRules || first.metadata.revision !== 1 || !isMatchCreated(first)) {
      throw new MatchNotFoundError(matchId);
    }
    const created = first.data;
    const aggregate = new MatchAggregate(
      matchId,
      ruleset,
      ref,
      matchRules,
      created,
      new MatchFold(ruleset, { matchRules }),
      { hash: '', position: 0 },
      0,
      [],
      2048,
    );
    // From the first event on: every commandId of the stream will pass through absorb().
    aggregate.commandPrefixes = new Set();
    aggregate.absorb(first);
    return aggregate;
  }

  static fromImage(image: MatchAggregateImage, bytes: number): MatchAggregate {
    const ruleset = rulesetFor(image.rulesetRef);
    const matchRules = matchRulesFor(image.matchRulesVersion);
    if (!ruleset || !matchRules) throw new MatchNotFoundError(image.matchId);
    return new MatchAggregate(
      image.matchId,
      ruleset,
      image.rulesetRef,
      matchRules,
      image.created,
      MatchFold.fromImage(ruleset, image.fold, { matchRules }),
      { hash: image.headHash, position: image.headPosition },
      image.lastRoll,
      image.reverts,
      bytes,
    );
  }

  get revision(): number {
    return this.fold.revision;
  }

  get headHash(): string {
    return this.head;
  }

  /** The highest server roll index recorded so far, reverted or not (C-5: an undo never re-offers a roll). */
  get lastRoll(): number {
    return this.rolls;
  }

  get diceMode(): string | undefined {
    return typeof this.created.diceMode === 'string' ? this.created.diceMode : undefined;
  }

  /**
   * Applies the next event. Events this aggregate already holds are skipped (the same append can reach
   * it twice: from its own answer and from a read of the tail); false means a gap, so the caller reads
   * the tail from the store first.
   */
  absorb(event: RecordedEvent): boolean {
    const revision = event.metadata.revision;
    if (revision <= this.revision) return true;
    if (revision !== this.revision + 1) return false;
    this.fold.apply(event);
    this.head = event.metadata.hash;
    this.position = event.position;
    if (isMatchLevel(event, 'ActionsReverted')) {
      const { fromRevision, throughRevision } = event.data;
      this.reverts.push([revision, fromRevision, throughRevision]);
    }
    this.rolls = Math.max(this.rolls, lastRollIndex([event.data]));
    if (this.commandPrefixes) rememberCommandPrefixes(this.commandPrefixes, event.metadata.commandId);
    this.bytes += 256;
    this.view = undefined;
    return true;
  }

  /**
   * False when no event from revision 1 to this aggregate's revision has a commandId that starts with
   * `sent` (which ends in '#'); true when one may (a hash can collide) or when it cannot tell. What
   * the store's command lookup (findCommand) would find up to this revision, without the lookup.
   */
  mayHoldCommand(sent: string): boolean {
    return this.commandPrefixes === undefined || this.commandPrefixes.has(sentPrefixHash(sent, sent.length));
  }

  /** The match as it stands now (made once per revision). */
  current(): LoadedMatch {
    if (this.view) return this.view;
    const fold = this.fold;
    this.view = {
      matchId: this.matchId,
      ruleset: this.ruleset,
      rulesetRef: this.rulesetRef,
      created: this.created,
      revision: fold.revision,
      headHash: this.head,
      headPosition: this.position,
      state: fold.state,
      meta: fold.meta,
      reverted: new Set(fold.meta.reverted),
      revertedAsOf: (asOf: number) => revertedAsOf(this.reverts, asOf),
      stateAt: (revision: number) => fold.stateAt(revision),
      keepsStateAt: (revision: number) => fold.keeps(revision),
      ...(this.matchRules.targetsEndCommands
        ? { endsCommand: (revision: number) => fold.endsCommand(revision) }
        : {}),
    };
    return this.view;
  }

  image(): MatchAggregateImage {
    return {
      matchId: this.matchId,
      rulesetRef: this.rulesetRef,
      matchRulesVersion: this.matchRules.version,
      created: this.created,
      headHash: this.head,
      headPosition: this.position,
      lastRoll: this.rolls,
      reverts: this.reverts,
      fold: this.fold.image(),
    };
  }
}

/**
 * A recorded commandId is `<keyId>:<commandId>#<fingerprint>`, and the lookup asks for every one that
 * starts with `<keyId>:<commandId>#`. A client's commandId may hold '#' itself, so each prefix ending
 * in '#' is remembered: any `sent` a stored id starts with is among them.
 */
function rememberCommandPrefixes(prefixes: Set<number>, commandId: string | undefined): void {
  if (commandId === undefined) return;
  for (let at = commandId.indexOf('#'); at >= 0; at = commandId.indexOf('#', at + 1)) {
    prefixes.add(sentPrefixHash(commandId, at + 1));
  }
}

/** FNV-1a (32 bits) of the first `length` UTF-16 units: small to keep, and only ever a first filter. */
function sentPrefixHash(text: string, length: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function revertedAsOf(reverts: readonly RevertRecord[], asOf: number): Set<number> {
  const reverted = new Set<number>();
  for (const [at, from, through] of reverts) {
    if (at > asOf) break;
    for (let r = from; r <= through; r++) reverted.add(r);
  }
  return reverted;
}

/** Folds a whole list of a match's events (tests and tools that hold a log in memory). */
export function foldMatch(matchId: string, events: readonly RecordedEvent[]): LoadedMatch {
  const [first, ...rest] = events;
  if (!first) throw new MatchNotFoundError(matchId);
  const aggregate = MatchAggregate.start(matchId, first);
  for (const event of rest) aggregate.absorb(event);
  return aggregate.current();
}
