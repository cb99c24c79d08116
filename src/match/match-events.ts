// Moved to src/rules/match/ (pure rules); this shim keeps old imports compiling until they switch.
export * from '../rules/match/events.js';
