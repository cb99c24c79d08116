export * from './decide.js';
export * from './events.js';

/** The tournament rules' version, as a ruleset's: a stream is read by the rules it was written under. */
export const TOURNAMENT_RULES_VERSION = '1.0.0';
