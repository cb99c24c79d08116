import { type JsonSchema, overridesOf } from '../rules/common/json-schema.js';
import { MATCH_LEVEL_EVENT_SCHEMAS } from '../rules/match/event-schemas.js';
import { currentRuleset, RULESET_IDS } from '../rulesets/registry.js';
import { TOURNAMENT_EVENT_SCHEMAS } from '../rules/tournament/event-schemas.js';

type Json = Record<string, unknown>;

/**
 * The events and states of the document, from the schemas each ruleset hands over (Ruleset.schemas)
 * and those of the match-level and tournament events: every event type a named schema, one union per
 * ruleset with a discriminator on `type`, so that a generated client narrows `data` by `type`.
 */

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A ruleset id such as hand-to-hand → HandToHand: component names are built from the ruleset id, never written out. */
export function pascalCase(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
}

/** The component name of a ruleset's state view (the play contract's `state`). */
const stateSchemaName = (rulesetId: string) => `${pascalCase(rulesetId)}State`;
/** The component name of a ruleset's roster detail. */
const rosterDetailSchemaName = (rulesetId: string) => `${pascalCase(rulesetId)}RosterDetail`;

/** `state` of the play contract: the state view of whichever ruleset the match plays. */
export function rulesetStateSchema(): Json {
  return {
    oneOf: RULESET_IDS.map((id) => ref(stateSchemaName(id))),
    description:
      'The ruleset’s own state as this caller may see it (units and their flags; a sealed card only for its own side, AA-2): one schema per ruleset.',
  };
}

const parametersSchemaName = (rulesetId: string) => `${pascalCase(rulesetId)}ParameterOverrides`;

/** `parameters` of a new match: overrides of its ruleset's parameters (anyOf: `{}` fits every ruleset). */
export function parameterOverridesSchema(): Json {
  return {
    anyOf: RULESET_IDS.map((id) => ref(parametersSchemaName(id))),
    description:
      'Overrides of the ruleset parameters (modifiers, tables, options): any part, objects merged member by member, lists replaced whole; recorded and hashed into every event.',
  };
}

/** `detail` of a roster row: the facts of whichever ruleset the match plays. */
export function rosterDetailSchema(): Json {
  return {
    oneOf: RULESET_IDS.map((id) => ref(rosterDetailSchemaName(id))),
    description:
      'The ruleset’s facts about the unit: morale, move and flags (hand-to-hand); type, movement, firepower, contacts (atomic-africa).',
  };
}

/** Names of the event unions and feed messages the document defines. */
export const EVENT_UNIONS = {
  /** Any event of a match stream, whatever its ruleset. */
  match: 'EventViewDto',
  tournament: 'TournamentEvent',
  matchFeed: 'MatchFeedMessage',
  matchFeedEnd: 'MatchFeedEnd',
} as const;

/**
 * One variant per event type: the envelope's members and `type` fixed, `data` its own schema. A
 * union of the variants, discriminated on `type`.
 */
function union(
  schemas: Record<string, Json>,
  name: string,
  envelope: string,
  variants: { prefix: string; eventData: Readonly<Record<string, JsonSchema>> }[],
  description: string,
): void {
  const mapping: Record<string, string> = {};
  for (const { prefix, eventData } of variants) {
    for (const [type, data] of Object.entries(eventData)) {
      schemas[`${prefix}${type}Data`] = data as unknown as Json;
      schemas[`${prefix}${type}Event`] = {
        allOf: [
          ref(envelope),
          {
            type: 'object',
            required: ['type', 'data'],
            properties: { type: { type: 'string', enum: [type] }, data: ref(`${prefix}${type}Data`) },
          },
        ],
      };
      mapping[type] = `#/components/schemas/${prefix}${type}Event`;
    }
  }
  schemas[name] = {
    description,
    oneOf: Object.values(mapping).map(($ref) => ({ $ref })),
    discriminator: { propertyName: 'type', mapping },
  };
}

/**
 * Adds the event and state schemas: `<Ruleset>Event` per ruleset (its events and the match-level
 * ones), `EventViewDto` (any match event: the union of those), `<Ruleset>State`, `TournamentEvent`.
 * The DTOs' own EventViewDto and TournamentEventDto give the envelope members (revision, at, actor…).
 */
export function addEventSchemas(schemas: Record<string, Json>): void {
  const matchEnvelope = envelopeOf(schemas.EventViewDto, 'MatchEventEnvelope', schemas);
  const rulesetUnions: string[] = [];
  for (const id of RULESET_IDS) {
    const ruleset = currentRuleset(id)!;
    const prefix = pascalCase(id);
    union(
      schemas,
      `${prefix}Event`,
      matchEnvelope,
      [
        { prefix, eventData: ruleset.schemas.eventData },
        { prefix: 'MatchLevel', eventData: MATCH_LEVEL_EVENT_SCHEMAS },
      ],
      `An event of a ${id} match as this caller may see it (a sealed card is hidden, AA-2): its ruleset’s events and the match-level ones, told apart by \`type\`.`,
    );
    rulesetUnions.push(`${prefix}Event`);
    schemas[stateSchemaName(id)] = ruleset.schemas.stateView as unknown as Json;
    schemas[rosterDetailSchemaName(id)] = ruleset.schemas.rosterDetail as unknown as Json;
    schemas[parametersSchemaName(id)] = overridesOf(ruleset.schemas.parameters) as unknown as Json;
  }
  // anyOf, not oneOf: an event may fit more than one ruleset's union (the match-level events, and a
  // TurnEnded both rulesets record alike).
  schemas[EVENT_UNIONS.match] = {
    description:
      'An event of a match as this caller may see it: of the event union of the match’s ruleset (the play contract’s `ruleset.id`); within it, `type` tells the event and its `data` apart.',
    anyOf: rulesetUnions.map(ref),
  };

  // The live feeds' messages (GET /matches/{id}/stream): each event with its match, then the end.
  schemas.MatchFeedMessage = {
    description: 'The `data:` of a match feed message: the event as this caller may see it, and its match.',
    allOf: [
      { type: 'object', required: ['matchId'], properties: { matchId: { type: 'string' } } },
      ref(EVENT_UNIONS.match),
    ],
  };
  schemas.MatchFeedEnd = {
    description: 'The `data:` of the last message of a match feed, `event: end`, after MatchEnded.',
    type: 'object',
    required: ['matchId', 'revision', 'ended'],
    properties: {
      matchId: { type: 'string' },
      revision: { type: 'integer' },
      ended: { type: 'boolean', enum: [true] },
    },
  };

  const tournamentEnvelope = envelopeOf(schemas.TournamentEventDto, 'TournamentEventEnvelope', schemas);
  union(
    schemas,
    EVENT_UNIONS.tournament,
    tournamentEnvelope,
    [{ prefix: 'Tournament', eventData: TOURNAMENT_EVENT_SCHEMAS }],
    'An event of a tournament stream, told apart by `type`.',
  );
  schemas.TournamentEventDto = ref(EVENT_UNIONS.tournament);
}

/** The members of an event DTO but `type` and `data`, as a schema of their own. */
function envelopeOf(dto: Json | undefined, name: string, schemas: Record<string, Json>): string {
  const properties = { ...((dto?.properties ?? {}) as Record<string, Json>) };
  delete properties.type;
  delete properties.data;
  schemas[name] = {
    type: 'object',
    description: 'What every event carries besides its type and data.',
    required: ((dto?.required ?? []) as string[]).filter((p) => p !== 'type' && p !== 'data'),
    properties,
  };
  return name;
}
