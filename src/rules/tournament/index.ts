export * from './decide.js';
export * from './events.js';
export {
  type Participant,
  type PairingState,
  type ResultSource,
  type RoundState,
  type Tournament,
  openRound,
  pairable,
  participantOf,
  roundOf,
  settled,
  standingResult,
} from './state.js';
export * from './standings.js';
export * from './swiss.js';
export * from './round-robin.js';
export { meetings, numberTables, pairRound } from './pair-round.js';
export * from './clock.js';

/** The tournament rules' version, as a ruleset's: a stream is read by the rules it was written under. */
export const TOURNAMENT_RULES_VERSION = '1.0.0';
