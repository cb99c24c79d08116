import {
  type Decider,
  type DiceSource,
  fold,
  RuleViolation,
  TableDice,
} from '../../src/rules/common/index.js';
import type { ViolationKind } from '../../src/rules/common/rule-violation.js';

/**
 * Given / when / then for any decider (Emmett's DeciderSpecification): a test starts from the events
 * a match already holds, never from earlier commands, so a bug in one command fails only its own tests.
 *
 *   spec(handToHand).given(events).when(command, faces).then(expectedEvents)
 *   spec(handToHand).given(events).when(command).thenRefuses('HH-5', 'conflict')
 *
 * Dice are table faces (every one must be used, C-1) or any DiceSource.
 */
export function spec<State, Command, Event extends { type: string; data: unknown }>(
  subject: Decider<State, Command, Event> | { decider: Decider<State, Command, Event> },
) {
  const decider = 'decider' in subject ? subject.decider : subject;
  return {
    given(events: readonly Event[] = []) {
      const state = fold(decider, events);
      return {
        /** The state the given events fold to. */
        state,
        when(command: Command, dice: readonly number[] | DiceSource = []) {
          const decide = (): Event[] => {
            const source = Array.isArray(dice) ? new TableDice(dice) : (dice as DiceSource);
            const before = JSON.stringify(state);
            try {
              const decided = decider.decide(state, command, source);
              if (source instanceof TableDice) source.assertAllUsed();
              return decided;
            } finally {
              // C-6: a refused command changes nothing; C-3: deciding never alters the state it reads.
              expect(JSON.stringify(state)).toBe(before);
            }
          };
          return {
            /**
             * The events decided: equal to these, or passing these assertions (given the new events
             * and the state after them). Returns the events, for a scenario that goes on.
             */
            then(expected: readonly Event[] | ((events: Event[], after: State) => void)): Event[] {
              const decided = decide();
              if (typeof expected === 'function') expected(decided, fold(decider, decided, state));
              else expect(decided).toEqual(expected);
              return decided;
            },
            /** Refused under this rule id (and kind, when given); nothing is decided (C-6). */
            thenRefuses(ruleId: string, kind?: ViolationKind): RuleViolation {
              let refusal: unknown;
              try {
                decide();
              } catch (error) {
                refusal = error;
              }
              if (!(refusal instanceof RuleViolation)) {
                if (refusal) throw refusal;
                throw new Error(`expected a ${ruleId} refusal, but the command was accepted`);
              }
              expect({ ruleId: refusal.ruleId, kind: refusal.kind }).toEqual({
                ruleId,
                kind: kind ?? refusal.kind,
              });
              return refusal;
            },
          };
        },
      };
    },
  };
}
