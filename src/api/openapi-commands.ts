import type { OpenAPIObject } from '@nestjs/swagger';
import type { JsonSchema } from '../rules/common/json-schema.js';
import { rulesetIds } from '../rulesets/registry.js';
import { servedCommands } from './served-commands.js';

type Json = Record<string, unknown>;

/** A declared schema as the document publishes it: the refusal words are the body check's, not a schema's. */
export function published(schema: JsonSchema): Json {
  const { refusal: _refusal, properties, items, oneOf, additionalProperties, ...rest } = schema;
  return {
    ...rest,
    ...(properties
      ? { properties: Object.fromEntries(Object.entries(properties).map(([n, p]) => [n, published(p)])) }
      : {}),
    ...(items ? { items: published(items) } : {}),
    ...(oneOf ? { oneOf: oneOf.map(published) } : {}),
    ...(typeof additionalProperties === 'object'
      ? { additionalProperties: published(additionalProperties) }
      : additionalProperties !== undefined
        ? { additionalProperties }
        : {}),
  };
}

/**
 * The rulesets' commands in the document: each body's schema under its name (ChargeDto …), made from
 * the ruleset's declared schema, and each route's example body; and the rulesets a match may name.
 */
export function addRulesetCommands(document: OpenAPIObject): void {
  const schemas = (document.components ??= {}).schemas ?? (document.components.schemas = {});
  for (const served of servedCommands()) {
    schemas[served.bodyName] = published(served.body) as never;
    const operation = (document.paths[`/matches/{id}/${served.segment}`] as Json | undefined)?.post as
      Json | undefined;
    const media = ((operation?.requestBody as Json | undefined)?.content as Json | undefined)?.[
      'application/json'
    ] as Json | undefined;
    if (media) media.example = served.example;
  }
  const ruleset = (schemas.CreateMatchDto as Json | undefined)?.properties as Json | undefined;
  if (ruleset?.ruleset) (ruleset.ruleset as Json).enum = [...rulesetIds()];
}
