import type { RuleTexts } from '../common/rule-text.js';

/** The hand-to-hand rules and their decided ambiguities, in players' words (RULES.md, HH-* and Q-*). */
export const HAND_TO_HAND_RULE_TEXTS: RuleTexts = {
  'HH-1': { title: 'Morale level', text: 'Every unit has a base morale from 6 to 10.' },
  'HH-2': {
    title: 'Morale test',
    text: 'Roll 2D6: the unit passes when the total is at most its effective morale. Any double passes (unless the match turned that option off). The failure margin is the total minus the effective morale.',
  },
  'HH-3': {
    title: 'Degree of failure',
    text: 'Failed by 1–4: Reform. By 5–7: Retreat. By 8–9: Break. By 10 or more: Rout.',
  },
  'HH-4': {
    title: 'Melee',
    text: 'In the melee phase, after movement and shooting, a unit charges into base-to-base contact with an enemy: to its front, left flank, right flank or rear.',
  },
  'HH-5': {
    title: 'Willpower test',
    text: 'Before contact the charging unit rolls 2D6 and must get at most its own morale (doubles pass). On a failure the charge falters: no contact, no impact, and the unit stays where it was.',
  },
  'HH-6': {
    title: 'First impact',
    text: 'Only the charging side strikes; the fighting is not simultaneous.',
  },
  'HH-7': {
    title: 'Impact roll',
    text: 'The attacker rolls 1D6 and adds: charge +1, flank +1, rear +2, uphill +1, downhill −1, victorious last turn +1, any bonus earned against this defender, and +1 on a repeated impact. An impact below 0 counts as 0.',
  },
  'HH-8': {
    title: 'Defender’s test',
    text: 'The defender’s effective morale is its base morale minus the impact, and it takes a morale test against it at once. Example: charge +1, downhill −1, roll 4 → impact 4; a defender of morale 7 must roll 3 or less.',
  },
  'HH-9': {
    title: 'Several attackers, surrender',
    text: 'Several units may charge one defender in a melee phase; they resolve in the order declared. A defender contacted on both flanks, or on a flank and the rear, with nobody at its front, surrenders at once.',
  },
  'HH-10': {
    title: 'Fighting back',
    text: 'A defender fights in its own turn, against the one enemy in contact to its front; an engaged unit cannot charge anyone else.',
  },
  'HH-11': {
    title: 'Reform (failed by 1–4)',
    text: 'The unit gives ground half a move. If it cannot move it stays disordered; after melee the impact and test repeat (+1), and the third time it cannot move it surrenders. If it moves, after melee it cannot attack in its next phase, and enemies attacking it in their next turn get +1 on impact.',
  },
  'HH-12': {
    title: 'Retreat (failed by 5–7)',
    text: 'A full move back, in disorder; if it cannot, it is removed. After melee it cannot attack in its next phase, and enemies attacking it in their next turn get +2 on impact.',
  },
  'HH-13': {
    title: 'Break (failed by 8–9)',
    text: 'The unit flees twice its move, in disorder; if it cannot, it is removed. In its next phase it does not move and tests against its base morale: fail, removed; pass, it reforms but neither moves nor fires that turn.',
  },
  'HH-14': { title: 'Rout (failed by 10 or more)', text: 'The unit is removed.' },
  'HH-15': {
    title: 'Withdrawal and the table edge',
    text: 'A unit may withdraw from contact in its own movement. A unit whose move, voluntary or forced, takes it off the table is lost.',
  },
  'HH-16': {
    title: 'Winners are intact',
    text: 'No casualties are counted: units have only a morale state.',
  },
  'HH-17': {
    title: 'Victorious',
    text: 'An attacker whose defender failed its test is victorious: +1 on impact in its owner’s next turn only.',
  },
  'HH-18': {
    title: 'Shooting tests',
    text: 'Shooting is outside these rules; a morale test caused by shooting is taken with the shooting’s penalty and uses the shooting outcomes of Reform, Retreat and Break.',
  },
  'Q-1': {
    title: 'Doubles pass',
    text: 'Any double passes a morale test, unless the match turned the option off.',
  },
  'Q-2': { title: 'Flank and rear counted once', text: 'The flank or rear bonus is added once.' },
  'Q-3': { title: 'A failed willpower test', text: 'The charge falters: there is no contact.' },
  'Q-4': { title: 'Doubles and willpower', text: 'The doubles rule covers the willpower test too.' },
  'Q-5': { title: 'Impact floor', text: 'An impact below 0 counts as 0.' },
  'Q-6': {
    title: 'Victorious, defined',
    text: 'An attacker is victorious when its defender failed its test.',
  },
  'Q-7': {
    title: 'A stuck Reform, counted',
    text: 'Repeats of a Reform that cannot move are counted within one melee and reset when the unit passes or moves.',
  },
  'Q-12': { title: 'Repeated impact', text: 'Each repeated impact gets +1, not adding up.' },
  'Q-13': {
    title: 'The Break follow-up test',
    text: 'It is taken against base morale, with the doubles rule.',
  },
  'Q-14': {
    title: 'Uphill and downhill',
    text: 'They are the attacker’s position relative to the defender: an attacker below the defender gets −1.',
  },
  'Q-17': {
    title: 'Declare, then resolve',
    text: 'The active side declares all its attacks of the melee phase first (each charge tests willpower as it is declared); the first impact roll closes the declarations. Surrender is judged then, once. Impacts then resolve in the order declared; an attack whose defender has left contact ends without an impact.',
  },
  'Q-18': {
    title: 'A rallied unit does not attack',
    text: 'A unit that rallied after a Break makes no attack that turn, but can still be attacked.',
  },
  'Q-19': {
    title: 'No charge after a withdrawal',
    text: 'A unit that withdrew from contact in its movement does not charge in that turn’s melee phase.',
  },
  'Q-20': {
    title: 'Bonuses do not add up',
    text: 'Of two pending bonuses against one defender, the larger stands.',
  },
  'Q-28': {
    title: 'Attacking again from contact',
    text: 'A unit already in contact that attacks again does not charge: no willpower test and no charge +1.',
  },
  'Q-29': {
    title: 'Victorious by surrender',
    text: 'Each attacker whose attack made contact with a defender that surrendered is victorious.',
  },
  'Q-30': {
    title: 'Next phase after a shooting test',
    text: 'The restriction applies in the owner’s next player turn, wherever the test fell.',
  },
};
