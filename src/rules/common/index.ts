export * from './decider.js';
export * from './dice.js';
export * from './rule-violation.js';
export * from './ruleset-ref.js';
export * from './sides.js';
