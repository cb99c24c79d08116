export * from './decider.js';
export * from './dice.js';
export * from './rule-violation.js';
export * from './ruleset-ref.js';
export * from './sides.js';
export * from './turn-log.js';
export * from './escrow.js';
export * from './roster.js';
