import { violation } from '../common/rule-violation.js';

/** AA-1: the orders cards. A standard deck, A to K in four suits, plus a red and a black Joker. */
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
export type Rank = (typeof RANKS)[number];

export const SUITS = ['clubs', 'diamonds', 'hearts', 'spades'] as const;
export type Suit = (typeof SUITS)[number];

export const JOKER_COLOURS = ['red', 'black'] as const;
export type JokerColour = (typeof JOKER_COLOURS)[number];

export interface SuitedCard {
  rank: Rank;
  suit: Suit;
}

export interface Joker {
  joker: JokerColour;
}

export type Card = SuitedCard | Joker;

/** AA-1: ♣ ♠ show defensive posture, ♥ ♦ offensive; a Joker has none unless jokerPosture says so. */
export type Posture = 'defensive' | 'offensive' | 'none';

export type JokerPosture = 'none' | 'by-colour';

export function isJoker(card: Card): card is Joker {
  return 'joker' in card;
}

/** AA-1: J, Q and K are special actions, announced when revealed. */
export function isFaceCard(card: Card): boolean {
  return !isJoker(card) && (card.rank === 'J' || card.rank === 'Q' || card.rank === 'K');
}

const SUIT_LETTER: Record<Suit, string> = { clubs: 'C', diamonds: 'D', hearts: 'H', spades: 'S' };

/**
 * The card's short ASCII code, used in commitments (AA-2) and wherever one card must be compared
 * with another: 'AC', '10S', 'QH', 'JOKER-RED', 'JOKER-BLACK'. ASCII so that every client hashes
 * the same bytes.
 */
export function cardCode(card: Card): string {
  if (isJoker(card)) return `JOKER-${card.joker.toUpperCase()}`;
  return `${card.rank}${SUIT_LETTER[card.suit]}`;
}

export function sameCard(a: Card, b: Card): boolean {
  return cardCode(a) === cardCode(b);
}

/** AA-1, Q-8. */
export function postureOf(card: Card, jokerPosture: JokerPosture): Posture {
  if (isJoker(card)) {
    if (jokerPosture === 'none') return 'none';
    return card.joker === 'black' ? 'defensive' : 'offensive';
  }
  return card.suit === 'clubs' || card.suit === 'spades' ? 'defensive' : 'offensive';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/**
 * Checks a card that came in a command and returns a clean copy (only the known fields), so that
 * nothing a client slipped into the object reaches an event. The message names the field, never a
 * card (AA-2).
 */
export function parseCard(value: unknown, field: string): Card {
  if (!isRecord(value)) violation('AA-1', `${field} must be an orders card`, 'invalid');
  const keys = Object.keys(value).sort().join(',');
  if (keys === 'joker') {
    if (!isOneOf(JOKER_COLOURS, value.joker))
      violation('AA-1', `${field}.joker must be red or black`, 'invalid');
    return { joker: value.joker };
  }
  if (keys === 'rank,suit') {
    if (!isOneOf(RANKS, value.rank))
      violation('AA-1', `${field}.rank must be A, 2 to 10, J, Q or K`, 'invalid');
    if (!isOneOf(SUITS, value.suit)) {
      violation('AA-1', `${field}.suit must be clubs, diamonds, hearts or spades`, 'invalid');
    }
    return { rank: value.rank, suit: value.suit };
  }
  return violation('AA-1', `${field} must be { rank, suit } or { joker }`, 'invalid');
}
