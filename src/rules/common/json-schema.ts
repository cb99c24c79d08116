import { SIDES } from './sides.js';

/**
 * A JSON Schema in the dialect of OpenAPI 3.0 (`nullable`, no tuples), as plain data. A ruleset
 * describes what it records and shows with these, so that the API can document its events and state
 * without knowing the ruleset, and a test can check real events against them.
 */
export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  description?: string;
  properties?: Readonly<Record<string, JsonSchema>>;
  required?: readonly string[];
  /** false: no other member (every schema here is closed, so a client type has no unknown part). */
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: readonly (string | number | boolean | null)[];
  nullable?: boolean;
  oneOf?: readonly JsonSchema[];
  minimum?: number;
  maximum?: number;
  /** OpenAPI 3.0: true makes `minimum` exclusive (a positive number: minimum 0, exclusive). */
  exclusiveMinimum?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  example?: unknown;
  /**
   * What a refusal of this value says, when the generic words would not tell a player enough (an id's
   * alphabet, a card code's form). Read by the body check; not part of the published schema.
   */
  refusal?: string;
}

/** An object with exactly these members; those named in `optional` may be absent. */
export function object(
  properties: Record<string, JsonSchema>,
  optional: readonly string[] = [],
  description?: string,
): JsonSchema {
  return {
    type: 'object',
    ...(description !== undefined ? { description } : {}),
    properties,
    ...requiredPart(Object.keys(properties).filter((name) => !optional.includes(name))),
    additionalProperties: false,
  };
}

/** OpenAPI 3.0 (JSON Schema draft 4) wants `required` absent rather than empty. */
function requiredPart(required: readonly string[]): { required?: readonly string[] } {
  return required.length > 0 ? { required } : {};
}

export const str = (description?: string): JsonSchema => ({
  type: 'string',
  ...(description !== undefined ? { description } : {}),
});
export const int = (description?: string): JsonSchema => ({
  type: 'integer',
  ...(description !== undefined ? { description } : {}),
});
export const num = (description?: string): JsonSchema => ({
  type: 'number',
  ...(description !== undefined ? { description } : {}),
});
export const bool = (description?: string): JsonSchema => ({
  type: 'boolean',
  ...(description !== undefined ? { description } : {}),
});

/** One of these words. */
export function oneOfWords(values: readonly string[], description?: string): JsonSchema {
  return { type: 'string', enum: [...values], ...(description !== undefined ? { description } : {}) };
}

/** Exactly this value (`hidden: true`, say). */
export function constant(value: string | boolean): JsonSchema {
  return { type: typeof value === 'boolean' ? 'boolean' : 'string', enum: [value] };
}

export function arrayOf(items: JsonSchema, description?: string): JsonSchema {
  return { type: 'array', items, ...(description !== undefined ? { description } : {}) };
}

/** A pair, [side A's, side B's] (OpenAPI 3.0 has no tuples: an array of exactly two). */
export function pairOf(items: JsonSchema, description?: string): JsonSchema {
  return { ...arrayOf(items, description), minItems: 2, maxItems: 2 };
}

/** A JSON object used as a map: any key, every value of this shape. */
export function recordOf(values: JsonSchema, description?: string): JsonSchema {
  return {
    type: 'object',
    additionalProperties: values,
    ...(description !== undefined ? { description } : {}),
  };
}

/** The value, or null (an enum lists null too, as OpenAPI 3.0 asks). */
export function nullable(schema: JsonSchema): JsonSchema {
  return { ...schema, nullable: true, ...(schema.enum ? { enum: [...schema.enum, null] } : {}) };
}

/** An object schema without these members (a roster row's detail is a unit but its id, name, side, status). */
export function without(schema: JsonSchema, names: readonly string[]): JsonSchema {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).filter(([name]) => !names.includes(name)),
  );
  const { required: _required, ...rest } = schema;
  return { ...rest, properties, ...requiredPart((schema.required ?? []).filter((n) => !names.includes(n))) };
}

/**
 * What may override parameters of this shape: any subset of the members, objects merged member by
 * member, lists replaced whole (both rulesets' resolveParameters merge so).
 */
export function overridesOf(schema: JsonSchema): JsonSchema {
  if (schema.type !== 'object' || !schema.properties) return schema;
  const { required: _required, ...rest } = schema;
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([name, member]) => [name, overridesOf(member)]),
  );
  return { ...rest, properties };
}

/** Exactly one of these shapes (the versions of one event's data, say). */
export function either(...schemas: JsonSchema[]): JsonSchema {
  return { oneOf: schemas };
}

// The parts every ruleset's events share.

export const SIDE_SCHEMA: JsonSchema = oneOfWords(SIDES, 'A side of the match.');

export const SIDE_NAMES_SCHEMA: JsonSchema = object({ A: str(), B: str() }, [], 'Display names.');

/** RulesetRef */
export const RULESET_REF_SCHEMA: JsonSchema = object(
  {
    id: str(),
    version: str(),
    hash: str('SHA-256 of the canonical JSON of the parameters.'),
  },
  [],
  'The rules a match is decided under.',
);

/** DiceRoll (C-1): every roll recorded whole. */
export const DICE_ROLL_SCHEMA: JsonSchema = object(
  {
    purpose: str(),
    faces: arrayOf({ type: 'integer', minimum: 1, maximum: 6 }),
    origin: oneOfWords(['server', 'table']),
    side: SIDE_SCHEMA,
    index: int('Server dice only: the roll index n of C-2.'),
  },
  ['index'],
  'A roll, recorded whole (C-1).',
);

export const DICE_ORIGIN_SCHEMA: JsonSchema = oneOfWords(['server', 'table']);

/**
 * What a ruleset hands the API to document it: the `data` of each event type it records (as its
 * viewEvent hands it over, hidden parts included) and its state as viewState hands it over.
 */
export interface RulesetSchemas<EventType extends string = string> {
  eventData: Readonly<Record<EventType, JsonSchema>>;
  stateView: JsonSchema;
  /** The full parameters a match records (MatchCreated); a new match may override any part. */
  parameters: JsonSchema;
  /** A roster row's `detail`: the ruleset's own facts about a unit (RosterRow). */
  rosterDetail: JsonSchema;
}

/** The members every roster row has outside its detail (rosterRows in roster.ts). */
export const ROSTER_ROW_MEMBERS = ['unitId', 'name', 'side', 'status'] as const;
