import type { RuleTexts } from '../common/rule-text.js';

/** The Atomic Africa close-combat rules and their decided ambiguities, in players' words. */
export const ATOMIC_AFRICA_RULE_TEXTS: RuleTexts = {
  'AA-1': {
    title: 'Orders cards',
    text: 'Each turn every unit gets one sealed orders card: A, 2–10, J, Q, K of a suit, or a Joker. Clubs and spades are defensive, hearts and diamonds offensive. A–10 and Joker allow movement; J, Q, K are special actions. One card cannot go to two units of a side in one turn.',
  },
  'AA-2': {
    title: 'Sealed means sealed',
    text: 'Until it is revealed nobody but the owning side can learn a unit’s card. A side may seal a commitment (a hash of card, unit, turn and a secret salt) instead of the card; the reveal must match it.',
  },
  'AA-3': {
    title: 'Engagement',
    text: 'Opposing infantry that end a turn in base contact begin the next turn in close combat. Vehicles never enter close combat.',
  },
  'AA-4': {
    title: 'Declare',
    text: 'Activating a unit in close combat, its player declares fight or flee; then the other player declares for the opposing unit.',
  },
  'AA-5': { title: 'Reveal', text: 'After both declarations, both cards are revealed.' },
  'AA-6': {
    title: 'Flee needs movement and defence',
    text: 'A flee stands only if the card allows movement (A–10, Joker, or Sprint for light infantry) and is defensive (clubs or spades). A Joker has no suit. A flee that fails this is refused, and the unit stays and fights.',
  },
  'AA-7': {
    title: 'Special actions',
    text: 'A face card in close combat may announce only Dig-in, Mass Fire, Rally, or Sprint (light infantry only).',
  },
  'AA-8': {
    title: 'Moving',
    text: 'A fleeing unit reports its destination and in-transit positions; a unit that stays moves nothing.',
  },
  'AA-9': {
    title: 'Pursuit',
    text: 'The opponent of a fleeing unit may pursue if its own card allows movement; if its movement is higher, the escape is thwarted and both stay in close combat. Equal movement: the escape succeeds. Sprint doubles a light infantry unit’s movement.',
  },
  'AA-10': {
    title: 'Combat',
    text: 'Each fighting unit attacks its opponent like a ranged attack, at the range between the in-transit figures. If both stay, or a pursuit caught the fleeing unit, the range threshold is 1. A unit whose flee stands does not attack.',
  },
  'AA-11': {
    title: 'Ranged attack',
    text: 'The attacker rolls one D6 per point of firepower; each 4 or more hits; Mass Fire doubles the dice; Dig-in makes each hit need one more. The threshold is 1 up to 6 inches, 2 up to 12, 3 up to 24; the target is suppressed when the hits reach it.',
  },
  'AA-12': {
    title: 'No fratricide',
    text: 'A unit outside a close combat may not fire at a unit in close combat.',
  },
  'AA-13': { title: 'Scope', text: 'Only infantry engagements are covered.' },
  'Q-8': {
    title: 'A Joker’s posture',
    text: 'A Joker has no posture, so it cannot flee (unless the match counts black as defensive).',
  },
  'Q-9': { title: 'A flee the card does not allow', text: 'It is refused, and the unit fights.' },
  'Q-10': { title: 'Pursuit at equal movement', text: 'The escape succeeds.' },
  'Q-11': {
    title: 'Ranged-attack parameters',
    text: 'The ranged attack uses the ruleset’s published parameters.',
  },
  'Q-15': {
    title: 'A unit breaking off does not fire',
    text: 'A unit whose flee stands does not fire; a caught unit is in contact, at threshold 1.',
  },
  'Q-21': {
    title: 'When cards are sealed',
    text: 'Both sides seal their units’ cards for a turn before its first activation. A unit with no sealed card cannot activate and, if engaged, must fight, with no special action.',
  },
  'Q-22': {
    title: 'Engaged by several enemies',
    text: 'Each activating unit activates once per turn; a reacting unit declares afresh each time, and the card revealed at its first reaction stands for the rest of the turn.',
  },
  'Q-23': {
    title: 'Fleeing several enemies',
    text: 'A unit whose flee stands leaves every contact; each of those enemies may pursue (revealing its card) or decline (without revealing).',
  },
  'Q-24': {
    title: 'Who may make a ranged attack',
    text: 'A unit of the active side with a card for the turn, once per turn; not a unit that fled, was caught or fought a close combat this turn.',
  },
  'Q-25': {
    title: 'The same card twice',
    text: 'A reveal of a card another unit of the side already revealed this turn is recorded as a clash, and that unit has no card for the turn.',
  },
  'Q-26': {
    title: 'Caught by another pursuer',
    text: 'A unit caught by a pursuer is in close combat with it from then on; a unit whose flee stands is in close combat with nobody.',
  },
  'Q-27': {
    title: 'No shooting from contact',
    text: 'A ranged attack is refused when its attacker or its target is in base contact with an enemy.',
  },
  'Q-31': {
    title: 'Special actions when pursuing',
    text: 'A face card revealed to pursue may announce only Dig-in, Mass Fire, Rally or Sprint.',
  },
};
