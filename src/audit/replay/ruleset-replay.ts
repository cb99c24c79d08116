import type { DomainEvent } from '../../rules/common/decider.js';
import type { Path } from './compare.js';

/** A command rebuilt from its events, for decide(). */
export interface ReplayCommand {
  type: string;
  /** CreateMatch's: the match the log must be the stream of. */
  matchId?: string;
}

/**
 * What the verifier needs to know of a ruleset beyond its decider. Commands are not stored, only the
 * events they produced; each event group begins with the command's own event, which holds every field
 * of the command (facts reported, ids chosen), so the command can be rebuilt from it exactly.
 */
export interface RulesetReplay {
  /** The command behind a group of events, or undefined when the first event begins no command. */
  commandFrom(events: readonly DomainEvent[]): ReplayCommand | undefined;
  /** The rule a difference at `path` of this event breaks. */
  ruleIdOf(event: DomainEvent, path: Path): string;
  /**
   * AA-2: a reveal checked against its seal, on the state before it. Undefined for an event that is no
   * reveal; otherwise null when it matches, or what is wrong (never naming a card still sealed).
   */
  checkReveal?(state: unknown, event: DomainEvent): string | null | undefined;
}

/** A ruleId carried by the event itself along the path (the deepest one), e.g. a modifier's or a removal's. */
export function carriedRuleId(event: DomainEvent, path: Path): string | undefined {
  let found: string | undefined;
  let value: unknown = event;
  for (let i = 0; typeof value === 'object' && value !== null; i++) {
    const record = value as Record<string | number, unknown>;
    if (typeof record.ruleId === 'string' && RULE_ID.test(record.ruleId)) found = record.ruleId;
    if (i >= path.length) break;
    value = record[path[i]!];
  }
  return found;
}

const RULE_ID = /^(C|HH|AA|Q|E)-\d{1,3}$/;

/**
 * The CreateMatch behind a MatchCreated, for either ruleset. The recorded parameters are the resolved
 * whole; resolving them again gives them back.
 */
export function createMatchFrom<
  Data extends {
    matchId: string;
    sides: { A: string; B: string };
    diceMode: 'server' | 'table';
    diceCommitment: string | null;
    parameters: unknown;
  },
>(
  data: Data,
): {
  type: 'CreateMatch';
  matchId: string;
  sides: Data['sides'];
  diceMode: Data['diceMode'];
  diceCommitment?: string;
  parameters: Data['parameters'];
} {
  const { matchId, sides, diceMode, diceCommitment, parameters } = data;
  return {
    type: 'CreateMatch',
    matchId,
    sides,
    diceMode,
    ...(diceCommitment === null ? {} : { diceCommitment }),
    parameters,
  };
}
