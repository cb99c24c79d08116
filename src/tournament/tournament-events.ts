// Moved to src/rules/tournament/ (the tournament's pure rules); this shim keeps old imports compiling.
export * from '../rules/tournament/events.js';
