import type { RuleTexts } from '../common/rule-text.js';

/** The match-level decisions (undo, backups, disputes), in players' words. */
export const MATCH_RULE_TEXTS: RuleTexts = {
  'C-7': {
    title: 'Time called',
    text: 'When the organiser calls time on the round, your match records it. If the organiser said "stop now", no more moves, charges or rolls are accepted: a judge or the organiser ends the match. If the organiser said "finish the turn", play goes on until the turn being played ends, and then stops the same way.',
  },
  'Q-16': {
    title: 'How far an agreed undo reaches',
    text: 'Players who agree can undo actions of the current turn only. Anything earlier needs a judge, who can back the match up to an earlier point.',
  },
  'Q-32': {
    title: 'An undo never cuts an outcome from its cause',
    text: 'An undo or a backup goes back to the end of a command: a morale test and the removal it caused go together or not at all.',
  },
};
