import { isRecord } from '../common/is-record.js';
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

/**
 * A card's code: 'AC', '2D' … '10H', 'JS', 'QC', 'KH', 'JOKER-RED', 'JOKER-BLACK'. Version 2 writes
 * cards this way everywhere (commands, commitments, events, state, log); version 1 records objects.
 */
export type CardCode = string;

/** A card as an event or the state holds it: an object under version 1, a code under version 2. */
export type RecordedCard = Card | CardCode;

const CODE = /^(?:(A|[2-9]|10|J|Q|K)([CDHS])|JOKER-(RED|BLACK))$/;
const SUIT_BY_LETTER: Record<string, Suit> = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };

/** The card a code names, or undefined when it names none. */
function cardOfCode(code: string): Card | undefined {
  const match = CODE.exec(code);
  if (!match) return undefined;
  if (match[3]) return { joker: match[3] === 'RED' ? 'red' : 'black' };
  return { rank: match[1] as Rank, suit: SUIT_BY_LETTER[match[2]!]! };
}

/** The card an event or the state recorded, whichever notation its version writes. */
export function toCard(recorded: RecordedCard): Card {
  if (typeof recorded !== 'string') return recorded;
  const card = cardOfCode(recorded);
  if (!card) throw new Error('a recorded card code names no card');
  return card;
}

/**
 * Version 2's input: the card's code. The object form of version 1 ({ rank, suit } or { joker }) is
 * still accepted on input, for clients written against it, and normalised to the code, so that only
 * one notation is ever recorded. The message names the field, never a card (AA-2).
 */
export function parseCardCode(value: unknown, field: string): CardCode {
  if (typeof value === 'string') {
    if (!cardOfCode(value)) {
      violation(
        'AA-1',
        `${field} must be a card code: rank A, 2–10, J, Q or K then suit C, D, H or S (7S, 10H, KC), or JOKER-RED / JOKER-BLACK`,
        'invalid',
      );
    }
    return value;
  }
  return cardCode(parseCard(value, field));
}

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
export function cardCode(recorded: RecordedCard): string {
  if (typeof recorded === 'string') return recorded;
  const card = recorded;
  if (isJoker(card)) return `JOKER-${card.joker.toUpperCase()}`;
  return `${card.rank}${SUIT_LETTER[card.suit]}`;
}

export function sameCard(a: RecordedCard, b: RecordedCard): boolean {
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
