import { violation } from './rule-violation.js';
import type { Side } from './sides.js';

/** C-1: where the faces came from. */
export type DiceOrigin = 'server' | 'table';

/** C-1: every roll is recorded whole, so that replay and verification need nothing else. */
export interface DiceRoll {
  purpose: string;
  faces: number[];
  origin: DiceOrigin;
  side: Side;
  /** Server dice only: the roll index n of C-2 (never reused, even after an undo: C-5). */
  index?: number;
}

export interface DiceRequest {
  purpose: string;
  count: number;
  side: Side;
}

/**
 * The only way dice reach the rules. The command handler supplies it: server dice (HMAC, C-2) or
 * the faces a player entered at the table. The rules ask; they never invent a face.
 */
export interface DiceSource {
  roll(request: DiceRequest): DiceRoll;
}

export function isDieFace(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 6;
}

/**
 * Table dice (C-2): the rolling player typed the faces into the command. They are consumed in the
 * order the rules ask for them; too few, too many or a face outside 1–6 is a C-1 breach.
 */
export class TableDice implements DiceSource {
  private next = 0;

  constructor(private readonly faces: readonly number[]) {
    faces.forEach((face, i) => {
      if (!isDieFace(face))
        violation('C-1', `dice face #${i + 1} is ${String(face)}; a D6 shows 1 to 6`, 'invalid');
    });
  }

  roll({ purpose, count, side }: DiceRequest): DiceRoll {
    if (this.next + count > this.faces.length) {
      violation(
        'C-1',
        `the ${purpose} needs ${count} dice from side ${side}, but the command carries ${this.faces.length - this.next} unused`,
        'invalid',
      );
    }
    const faces = this.faces.slice(this.next, this.next + count);
    this.next += count;
    return { purpose, faces: [...faces], origin: 'table', side };
  }

  /** Faces left over mean the player entered dice for a step that did not happen. */
  assertAllUsed(): void {
    if (this.next !== this.faces.length) {
      violation(
        'C-1',
        `${this.faces.length - this.next} dice face(s) in the command were not needed`,
        'invalid',
      );
    }
  }
}

/** For decisions that must not roll at all: any request is a programming error in the rules. */
export const NO_DICE: DiceSource = {
  roll({ purpose }) {
    throw new Error(`no dice were supplied, yet the rules asked for a ${purpose}`);
  },
};

export function sum(faces: readonly number[]): number {
  return faces.reduce((total, face) => total + face, 0);
}

export function isDouble(faces: readonly number[]): boolean {
  return faces.length === 2 && faces[0] === faces[1];
}

/** Every server roll recorded in these event payloads, wherever in the payload it sits (C-2, C-5). */
export function serverRollsIn(payloads: readonly unknown[]): DiceRoll[] {
  const rolls: DiceRoll[] = [];
  for (let i = 0; i < payloads.length; i++) visitServerRolls(payloads[i], rolls);
  return rolls;
}

/**
 * How many server rolls serverRollsIn finds in one payload, without gathering them: every event that
 * is folded is counted (the meta's roll count), so this walk allocates nothing.
 */
export function serverRollCount(payload: unknown): number {
  return visitServerRolls(payload, null);
}

/**
 * The walk of serverRollsIn, without a closure, an Object.values array or a forEach per object (own
 * keys in Object.keys order, as Object.values gives them): pushes each roll onto `rolls` when given,
 * and returns how many it met.
 */
function visitServerRolls(value: unknown, rolls: DiceRoll[] | null): number {
  if (value === null || typeof value !== 'object') return 0;
  let found = 0;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) found += visitServerRolls(value[i], rolls);
    return found;
  }
  const record = value as Record<string, unknown>;
  if (record.origin === 'server' && typeof record.index === 'number' && Array.isArray(record.faces)) {
    rolls?.push(record as unknown as DiceRoll);
    return 1;
  }
  for (const key in record) if (Object.hasOwn(record, key)) found += visitServerRolls(record[key], rolls);
  return found;
}

/** The highest server roll index recorded in these payloads (0 when none). */
export function lastRollIndex(payloads: readonly unknown[]): number {
  return serverRollsIn(payloads).reduce((highest, roll) => Math.max(highest, roll.index ?? 0), 0);
}
