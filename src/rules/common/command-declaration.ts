import type { JsonSchema } from './json-schema.js';

/** The keys that may send a ruleset's command (a spectator never acts). */
export type CommandRole = 'player' | 'organiser' | 'judge';

/**
 * A command a ruleset takes over HTTP, as plain data: the API serves, validates and documents it from
 * this alone (POST /matches/{id}/{segment}), and the rules decide it by its `type`.
 */
export interface CommandDeclaration {
  /** The command `type` the ruleset's decide() takes. */
  type: string;
  /** POST /matches/{id}/{segment}; a segment two rulesets share must name the same type. */
  segment: string;
  /** The operation's name, unique within the ruleset (the typed client's operation is named after it). */
  operation: string;
  /** The name of the body's schema in the API document (`Charge` is published as `ChargeDto`). */
  bodyName: string;
  /** The keys that may send it; a player only for the side the ruleset's actingSide names. */
  roles: readonly CommandRole[];
  /**
   * The body's own fields (table dice among them when it rolls), as a closed object schema; the
   * commandId every command carries is the API's and is not repeated here.
   */
  body: JsonSchema;
  /** A member that, when the body leaves it out, takes the commandId (a charge's own id). */
  defaultsToCommandId?: string;
  /** True for the command that adds a unit to the roster (the per-match unit limit counts them). */
  addsUnit?: boolean;
  summary: string;
  description?: string;
  /** A whole body that passes the schema, commandId included, as the API document shows it. */
  example: Readonly<Record<string, unknown>>;
}

/** The route of each declared command, by type: the awaited steps name their routes from it. */
export function routesOf(
  declarations: readonly CommandDeclaration[],
  more: Readonly<Record<string, string>> = {},
): Readonly<Record<string, string>> {
  return { ...Object.fromEntries(declarations.map((d) => [d.type, d.segment])), ...more };
}

/**
 * Table dice (C-1), as a command that rolls takes them: faces 1 to 6. Omitted with server dice.
 * `maxItems` caps a count the rules fix; a ruleset whose count varies leaves it out.
 */
export function tableDice(description: string, example: readonly number[], maxItems?: number): JsonSchema {
  return {
    type: 'array',
    items: { type: 'integer', minimum: 1, maximum: 6 },
    ...(maxItems !== undefined ? { maxItems } : {}),
    description,
    example: [...example],
  };
}
