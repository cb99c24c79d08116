import type { RuleTexts } from './rule-text.js';

/** The rules every ruleset shares (C-*), in players' words. */
export const COMMON_RULE_TEXTS: RuleTexts = {
  'C-1': {
    title: 'Dice',
    text: 'Dice are D6 and 2D6. Every roll is recorded with what it was for, its faces, whether the server or the table rolled it, and who rolled.',
  },
  'C-2': {
    title: 'Server dice are provably fair',
    text: 'When the match is created the service publishes a commitment to a secret seed; each player may add a seed of their own before the first roll. Each roll is computed from the seeds and its number. The secret is revealed when the match ends, and anyone can then recompute every roll. With table dice the rolling player enters the faces, and the opponent can dispute them.',
  },
  'C-3': {
    title: 'The same log, the same outcomes',
    text: 'Replaying a match’s log through its rules gives the same state and the same outcomes, on any machine, forever.',
  },
  'C-4': {
    title: 'Turns',
    text: 'A match has a turn number and a side whose turn it is; ending the turn passes it to the other side.',
  },
  'C-5': {
    title: 'Undo never rewinds the dice',
    text: 'An undo (agreed by both players, or ruled by a judge) adds a record that reverts the actions; nothing is erased, and the dice go on counting, so an undo can never be used to roll again.',
  },
  'C-6': {
    title: 'Bad input',
    text: 'A command that breaks a rule, or has a wrong field, is refused with the rule or the field named, and nothing is recorded.',
  },
};
