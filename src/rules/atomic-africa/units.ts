import type { Side } from '../common/sides.js';

/** AA-3: the unit types. Light infantry and infantry are both infantry; vehicles never close-fight (AA-13). */
export const UNIT_TYPES = ['light-infantry', 'infantry', 'vehicle'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

export interface Unit {
  unitId: string;
  name: string;
  side: Side;
  unitType: UnitType;
  /** Inches. */
  movement: number;
  /** AA-11: one D6 per point. */
  firepower: number;
}

export function isInfantry(unit: Unit): boolean {
  return unit.unitType !== 'vehicle';
}

/**
 * Unit ids become keys of plain JSON records and parts of commitments: a conservative alphabet keeps
 * them from colliding with object internals ('__proto__') and with the commitment's '|' separator.
 */
export const UNIT_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;
