/**
 * A small checker for the JSON Schemas of the OpenAPI document (OpenAPI 3.0's dialect: `nullable`,
 * `$ref` to `#/components/schemas/…`): enough to hold real events, states and answers against the
 * schemas the document publishes. It returns every mismatch, each with the path of the value.
 */
type Schema = Record<string, unknown>;

export function schemaErrors(
  schema: Schema,
  value: unknown,
  components: Record<string, Schema> = {},
  path = '$',
): string[] {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = components[name];
    if (!target) return [`${path}: no schema ${schema.$ref}`];
    return schemaErrors(target, value, components, path);
  }
  if (value === null) {
    if (schema.nullable === true) return [];
    if (Array.isArray(schema.allOf))
      return schema.allOf.flatMap((part) => schemaErrors(part as Schema, value, components, path));
    if (schema.type !== undefined || schema.oneOf || schema.anyOf) return [`${path}: null is not allowed`];
  }
  const errors: string[] = [];
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf) errors.push(...schemaErrors(part as Schema, value, components, path));
  }
  if (Array.isArray(schema.oneOf)) {
    const fits = schema.oneOf.filter(
      (option) => schemaErrors(option as Schema, value, components, path).length === 0,
    ).length;
    if (fits !== 1) {
      const nearest = schema.oneOf
        .map((option) => schemaErrors(option as Schema, value, components, path))
        .sort((a, b) => a.length - b.length)[0];
      errors.push(
        `${path}: fits ${fits} of oneOf's ${schema.oneOf.length} (nearest: ${nearest?.join('; ')})`,
      );
    }
  }
  if (Array.isArray(schema.anyOf)) {
    const fits = schema.anyOf.some(
      (option) => schemaErrors(option as Schema, value, components, path).length === 0,
    );
    if (!fits) errors.push(`${path}: fits none of anyOf`);
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value as never)) {
    errors.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  }
  switch (schema.type) {
    case undefined:
      break;
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        errors.push(`${path}: not an object`);
        break;
      }
      const record = value as Record<string, unknown>;
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      for (const name of (schema.required ?? []) as string[]) {
        if (!(name in record)) errors.push(`${path}.${name}: missing`);
      }
      for (const [name, member] of Object.entries(record)) {
        if (properties[name]) {
          errors.push(...schemaErrors(properties[name], member, components, `${path}.${name}`));
        } else if (schema.additionalProperties === false) {
          errors.push(`${path}.${name}: not in the schema`);
        } else if (typeof schema.additionalProperties === 'object') {
          errors.push(
            ...schemaErrors(schema.additionalProperties as Schema, member, components, `${path}.${name}`),
          );
        }
      }
      break;
    }
    case 'array':
      if (!Array.isArray(value)) {
        errors.push(`${path}: not an array`);
        break;
      }
      if (typeof schema.minItems === 'number' && value.length < schema.minItems)
        errors.push(`${path}: fewer than ${schema.minItems} items`);
      if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
        errors.push(`${path}: more than ${schema.maxItems} items`);
      value.forEach((item, i) =>
        errors.push(...schemaErrors(schema.items as Schema, item, components, `${path}[${i}]`)),
      );
      break;
    case 'string':
      if (typeof value !== 'string') errors.push(`${path}: ${JSON.stringify(value)} is not a string`);
      else if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(value))
        errors.push(`${path}: ${value} does not match ${schema.pattern}`);
      break;
    case 'integer':
    case 'number':
      if (typeof value !== 'number' || (schema.type === 'integer' && !Number.isInteger(value)))
        errors.push(
          `${path}: ${JSON.stringify(value)} is not ${schema.type === 'integer' ? 'an integer' : 'a number'}`,
        );
      else if (
        (typeof schema.minimum === 'number' && value < schema.minimum) ||
        (typeof schema.maximum === 'number' && value > schema.maximum)
      )
        errors.push(`${path}: ${value} is out of range`);
      break;
    case 'boolean':
      if (typeof value !== 'boolean') errors.push(`${path}: ${JSON.stringify(value)} is not a boolean`);
      break;
    default:
      errors.push(`${path}: unknown type ${String(schema.type)}`);
  }
  return errors;
}
