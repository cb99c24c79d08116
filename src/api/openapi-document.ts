import type { OpenAPIObject } from '@nestjs/swagger';
import { problem } from '../http/problem-details.js';
import { COMMAND_ANSWER_EXAMPLE, PLAY_CONTRACT_EXAMPLE } from './dto/match.dto.js';
import { addRulesetCommands } from './openapi-commands.js';
import { addEventSchemas, EVENT_UNIONS } from './openapi-events.js';
import { addRefusals } from './openapi-refusals.js';
import { currentRuleset, EXAMPLE_RULESET, rulesetIds } from '../rulesets/registry.js';

type Json = Record<string, unknown>;

/** The refusals every secured route can give, in the one error shape (RFC 9457, `problem()`). */
const ERROR_EXAMPLES: Record<string, { description: string; example: Json }> = {
  '401': {
    description: 'No key, or a key that is not valid (with `WWW-Authenticate: Bearer`).',
    example: { ...problem(401, 'an API key is required: Authorization: Bearer <key>') },
  },
  '403': {
    description: 'A key of another role, match, side or tournament.',
    example: { ...problem(403, 'this route is for organiser keys; this key is a spectator key') },
  },
  '429': {
    description: 'Past the rate limit of this key (or of this address, without a valid key).',
    example: {
      ...problem(
        429,
        'rate limit reached: at most 1200 requests per 60000 ms for one key; retry in 1 minute',
      ),
    },
  },
};

const CONTRACT_EXAMPLES: Record<string, unknown> = {
  CommandResultDto: COMMAND_ANSWER_EXAMPLE,
  MatchStateDto: PLAY_CONTRACT_EXAMPLE,
  [EVENT_UNIONS.match]: COMMAND_ANSWER_EXAMPLE.events[0],
  [EVENT_UNIONS.tournament]: {
    revision: 14,
    type: 'ResultReported',
    data: { round: 1, table: 2, outcome: 'A', reportedBy: 'p2' },
    at: '2026-04-11T12:30:00.000Z',
  },
};

/**
 * The key as a client sends it: opaque to the client (not a JWT: nothing in it is to be read), in
 * `Authorization: Bearer`. An SSE route also takes a stream ticket as `?ticket=` (POST /stream-tickets).
 */
export const BEARER_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'umpire API key (opaque)',
  description:
    'An API key, opaque to clients: `umpire_<keyId>_<secret>` (keyId: 12 lowercase letters or digits; secret: 32 or more URL-safe base64 characters), e.g. `Authorization: Bearer umpire_k3y1d0000001_9bV1kRw8mQ2xZp4sT6yN0cJ7fH5dL3aE`. Issued once by POST /keys or POST /tournaments/{id}/keys; only a hash of the secret is stored. The SSE routes also take a short-lived stream ticket as `?ticket=` (POST /stream-tickets), for browsers.',
};

/**
 * Completes the generated document so that every route says the same things the same way: the
 * refusals its access can give (401 and 403 behind a key, 429 everywhere), and an example for every
 * JSON body it takes or gives, built from the schema's own examples where the route gave none.
 */
export function completeDocument(document: OpenAPIObject): OpenAPIObject {
  addRulesetCommands(document);
  addPlayContractExamples(document);
  const schemas = (document.components?.schemas ?? {}) as Record<string, Json>;
  addEventSchemas(schemas);
  const securitySchemes = document.components?.securitySchemes as Record<string, Json> | undefined;
  if (securitySchemes?.bearer) securitySchemes.bearer = { ...BEARER_SCHEME };
  const errorSchema = schemas.ErrorDto ? { $ref: '#/components/schemas/ErrorDto' } : { type: 'object' };
  // The play contract's examples are whole answers, so that each route's example holds together (an
  // example made from the parts' own would show a match both ended and awaiting a step).
  for (const [name, example] of Object.entries(CONTRACT_EXAMPLES)) {
    if (schemas[name]) schemas[name].example ??= example;
  }
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods as Record<string, Json>)) {
      if (typeof operation !== 'object' || operation === null || !('responses' in operation)) continue;
      const responses = operation.responses as Record<string, Json>;
      const secured = Array.isArray(operation.security) && operation.security.length > 0;
      for (const status of secured ? ['401', '403', '429'] : ['429']) {
        const error = ERROR_EXAMPLES[status]!;
        responses[status] ??= {
          description: error.description,
          content: { 'application/problem+json': { schema: errorSchema, example: error.example } },
        };
      }
      addRefusals(path, method, operation, errorSchema);
      for (const response of Object.values(responses))
        exemplify(response.content as Json | undefined, schemas);
      exemplify((operation.requestBody as Json | undefined)?.content as Json | undefined, schemas);
    }
  }
  return document;
}

/**
 * GET /matches/{id} answers the same shape for every ruleset, but its templates and state are each
 * ruleset's own: one named example per ruleset that gives one (its current version), beside the
 * example ruleset's.
 */
function addPlayContractExamples(document: OpenAPIObject): void {
  const media = (document.paths['/matches/{id}']?.get?.responses?.['200'] as Json | undefined)?.content as
    Record<string, Json> | undefined;
  const json = media?.['application/json'];
  if (!json) return;
  const examples: Record<string, { summary: string; value: unknown }> = {
    [EXAMPLE_RULESET.id]: {
      summary: 'Hand-to-hand: a charge made contact, its impact awaited, an undo asked for',
      value: PLAY_CONTRACT_EXAMPLE,
    },
  };
  for (const id of rulesetIds()) {
    const ruleset = currentRuleset(id);
    const example = ruleset?.playContractExample;
    if (!ruleset || !example || id === EXAMPLE_RULESET.id) continue;
    examples[id] = { summary: example.summary, value: example.answer };
  }
  json.examples = examples;
  delete json.example;
}

function exemplify(content: Json | undefined, schemas: Record<string, Json>): void {
  const media = content?.['application/json'] as Json | undefined;
  if (!media || media.example !== undefined || media.examples !== undefined) return;
  const example = exampleOf(media.schema as Json | undefined, schemas, 0);
  if (example !== undefined) media.example = example;
}

/** An example value for a schema: its own example, else one made from its parts'. */
export function exampleOf(schema: Json | undefined, schemas: Record<string, Json>, depth: number): unknown {
  if (!schema || depth > 16) return undefined;
  if (typeof schema.$ref === 'string') {
    return exampleOf(schemas[schema.$ref.split('/').at(-1) ?? ''], schemas, depth + 1);
  }
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const options = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(options)) return exampleOf(options[0] as Json, schemas, depth + 1);
  if (Array.isArray(schema.allOf)) {
    return Object.assign(
      {},
      ...schema.allOf.map((part) => exampleOf(part as Json, schemas, depth + 1) ?? {}),
    );
  }
  if (schema.type === 'array') {
    const item = exampleOf(schema.items as Json | undefined, schemas, depth + 1);
    return item === undefined ? [] : [item];
  }
  if (schema.type === 'object' || schema.properties) {
    const example: Json = {};
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
      const value = exampleOf(property, schemas, depth + 1);
      if (value !== undefined) example[name] = value;
    }
    return example;
  }
  switch (schema.type) {
    case 'string':
      return schema.format === 'date-time' ? '2026-04-11T10:00:00.000Z' : 'text';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    default:
      return undefined;
  }
}
