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
export * from './rules-version.js';
