import {
  int,
  type JsonSchema,
  nullable,
  object,
  oneOfWords,
  SIDE_SCHEMA,
  str,
} from '../common/json-schema.js';
import { SIDES } from '../common/sides.js';
import type { MatchLevelEventType } from './events.js';

/**
 * The `data` of each match-level event (events.ts), for the API's document: they stand in every
 * ruleset's match stream. Typed by event type, so that a new one without a schema does not compile.
 */
export const MATCH_LEVEL_EVENT_SCHEMAS: Readonly<Record<MatchLevelEventType, JsonSchema>> = {
  ClientSeedAdded: object({ side: SIDE_SCHEMA, seed: str() }, [], 'C-2: mixed into every later server roll.'),
  UndoRequested: object({ requestId: str(), toRevision: int(), reason: str(), side: SIDE_SCHEMA }),
  UndoAgreed: object({ requestId: str(), side: SIDE_SCHEMA }),
  UndoDeclined: object({ requestId: str(), side: SIDE_SCHEMA }),
  ActionsReverted: object(
    {
      toRevision: int(),
      fromRevision: int(),
      throughRevision: int(),
      reason: str(),
      requestedBy: oneOfWords([...SIDES, 'judge']),
      agreedBy: nullable(SIDE_SCHEMA),
      orderedBy: oneOfWords(['players', 'judge']),
      requestId: nullable(str()),
      disputeId: nullable(str()),
    },
    [],
    'C-5: events fromRevision … throughRevision stay in the log, reverted.',
  ),
  DisputeRaised: object({ disputeId: str(), revision: int(), claim: str(), side: SIDE_SCHEMA }),
  DisputeRuled: object({
    disputeId: str(),
    ruling: oneOfWords(['upheld', 'dismissed']),
    ruleId: str(),
    note: str(),
    backupTo: nullable(int()),
  }),
  TimeCalled: object(
    { policy: oneOfWords(['finish-turn', 'stop-now']), round: int() },
    [],
    'C-7: time was called on the round; stop-now ends play at once, finish-turn when the turn in progress ends.',
  ),
  MatchEnded: object({
    result: object({ winner: nullable(SIDE_SCHEMA), note: str() }),
    serverSeed: nullable(str('C-2: published at the end, so that anyone can recompute every roll.')),
  }),
};
