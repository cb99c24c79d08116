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

export function assertNever(value: never, what = 'value'): never {
  throw new Error(`unexpected ${what}: ${JSON.stringify(value)}`);
}
