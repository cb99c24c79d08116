import type { DiceSource } from './dice.js';

/** A domain event as the rules see it: a discriminated union member (type + data). */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/**
 * The Decider shape (Emmett / EventSourcing.NodeJS): pure functions only.
 * decide() throws a RuleViolation for a command the rules refuse, and returns the events otherwise.
 */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState(): State;
  decide(state: State, command: Command, dice: DiceSource): Event[];
  evolve(state: State, event: Event): State;
}

export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
  from: State = decider.initialState(),
): State {
  return events.reduce((state, event) => decider.evolve(state, event), from);
}

/**
 * For exhaustive switches. The message names only the type: the value may hold a sealed card (AA-2),
 * and error messages reach logs.
 */
export function assertNever(value: never, what = 'value'): never {
  const seen: unknown = value;
  const type =
    typeof seen === 'object' && seen !== null && 'type' in seen
      ? String((seen as { type: unknown }).type)
      : typeof seen;
  throw new Error(`unexpected ${what} of type ${type}`);
}
