import { BadRequestException } from '@nestjs/common';
import { isRecord } from '../rules/common/is-record.js';
import type { JsonSchema } from '../rules/common/json-schema.js';
import { COMMAND_ID_DESCRIPTION, COMMAND_ID_MESSAGE, COMMAND_ID_PATTERN } from './dto/command.dto.js';

/** The commandId every command carries (C-6), the same as CommandDto's, first in every body. */
export const COMMAND_ID_SCHEMA: JsonSchema = {
  type: 'string',
  pattern: COMMAND_ID_PATTERN.source,
  refusal: COMMAND_ID_MESSAGE,
  description: COMMAND_ID_DESCRIPTION,
  example: 'c0a8e7d2-1f4b-4c1e-9d55-2b7c1a0e9f31',
};

/** A declared body with the commandId in front: what POST /matches/{id}/{segment} takes. */
export function withCommandId(body: JsonSchema): JsonSchema {
  return {
    ...body,
    properties: { commandId: COMMAND_ID_SCHEMA, ...body.properties },
    required: ['commandId', ...(body.required ?? [])],
  };
}

const patterns = new Map<string, RegExp>();
function patternOf(source: string): RegExp {
  let pattern = patterns.get(source);
  if (!pattern) patterns.set(source, (pattern = new RegExp(source)));
  return pattern;
}

/**
 * What is wrong with a value, in the words the validation pipe uses for the DTOs (so that a body is
 * refused the same way on every route), or undefined when it fits. `name` is how the value is named.
 */
function fault(schema: JsonSchema, value: unknown, name: string): string | undefined {
  const say = (words: string) => schema.refusal ?? words;
  if (schema.oneOf) {
    return schema.oneOf.some((option) => fault(option, value, name) === undefined)
      ? undefined
      : say(`${name} must be one of its documented forms`);
  }
  if (schema.enum) {
    return schema.enum.includes(value as string)
      ? undefined
      : say(`${name} must be one of the following values: ${schema.enum.join(', ')}`);
  }
  switch (schema.type) {
    case 'string':
      if (typeof value !== 'string') return say(`${name} must be a string`);
      if (schema.minLength !== undefined && value.length < schema.minLength) {
        return say(`${name} must be longer than or equal to ${schema.minLength} characters`);
      }
      if (schema.maxLength !== undefined && value.length > schema.maxLength) {
        return say(`${name} must be shorter than or equal to ${schema.maxLength} characters`);
      }
      if (schema.pattern !== undefined && !patternOf(schema.pattern).test(value)) {
        return say(`${name} must match ${schema.pattern} regular expression`);
      }
      return undefined;
    case 'integer':
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        return say(
          schema.type === 'integer'
            ? `${name} must be an integer number`
            : `${name} must be a number conforming to the specified constraints`,
        );
      }
      if (schema.type === 'integer' && !Number.isInteger(value))
        return say(`${name} must be an integer number`);
      if (schema.minimum !== undefined) {
        if (schema.exclusiveMinimum === true && value <= schema.minimum) {
          return say(
            schema.minimum === 0
              ? `${name} must be a positive number`
              : `${name} must be greater than ${schema.minimum}`,
          );
        }
        if (value < schema.minimum) return say(`${name} must not be less than ${schema.minimum}`);
      }
      if (schema.maximum !== undefined && value > schema.maximum) {
        return say(`${name} must not be greater than ${schema.maximum}`);
      }
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : say(`${name} must be a boolean value`);
    case 'array': {
      if (!Array.isArray(value)) return say(`${name} must be an array`);
      if (schema.maxItems !== undefined && value.length > schema.maxItems) {
        return say(`${name} must contain no more than ${schema.maxItems} elements`);
      }
      if (schema.minItems !== undefined && value.length < schema.minItems) {
        return say(`${name} must contain at least ${schema.minItems} elements`);
      }
      const items = schema.items;
      if (!items) return undefined;
      for (const item of value) {
        const wrong = fault(items, item, `each value in ${name}`);
        if (wrong !== undefined) return say(wrong);
      }
      return undefined;
    }
    case 'object':
    default:
      if (schema.type === 'object' || schema.properties) {
        if (!isRecord(value)) return say(`${name} must be an object`);
        const [first] = faults(schema, value, `${name}.`);
        return first === undefined ? undefined : say(first.message);
      }
      return undefined;
  }
}

interface Fault {
  field: string;
  message: string;
}

/** Every member at fault: unknown members first (as the pipe's whitelist reports them), then in order. */
function faults(schema: JsonSchema, value: Record<string, unknown>, prefix = ''): Fault[] {
  const properties = schema.properties ?? {};
  const found: Fault[] = [];
  if (schema.additionalProperties === false) {
    for (const name of Object.keys(value)) {
      if (!Object.hasOwn(properties, name)) {
        found.push({ field: `${prefix}${name}`, message: `property ${prefix}${name} should not exist` });
      }
    }
  }
  const required = schema.required ?? [];
  for (const [name, member] of Object.entries(properties)) {
    const field = `${prefix}${name}`;
    const given = Object.hasOwn(value, name) ? value[name] : undefined;
    if (given === undefined) {
      if (required.includes(name)) {
        found.push({ field, message: fault(member, undefined, field) ?? `${field} should not be empty` });
      }
      continue;
    }
    const message = fault(member, given, field);
    if (message !== undefined) found.push({ field, message });
  }
  return found;
}

/**
 * Checks a body against its declared schema: a 400 in the validation pipe's shape (every message,
 * and the first field at fault) when it does not fit; nothing is sent on.
 */
export function checkBody(schema: JsonSchema, body: unknown): Record<string, unknown> {
  if (!isRecord(body)) {
    throw new BadRequestException({ message: ['the body must be a JSON object'], field: 'body' });
  }
  const found = faults(schema, body);
  if (found.length > 0) {
    throw new BadRequestException({ message: found.map((f) => f.message), field: found[0]!.field });
  }
  return body;
}
