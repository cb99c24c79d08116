import { BadRequestException } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/app-config.js';

export type BodyLimits = Pick<AppConfig, 'maxArrayLength' | 'maxNestingDepth'>;

/** Matches a surrogate that is not half of a pair: with the u flag, a pair is one code point. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Limits every request body before anything else reads it: class-transformer walks a body
 * recursively (about 1,500 nested arrays overflow its stack: a 500 on every POST route), and a string
 * with a lone surrogate cannot be put into canonical JSON (RFC 8785) for the hash chain. A Fastify
 * preValidation hook runs after the body is parsed and before Nest's guards, pipes and handlers; its
 * refusal goes through the one error filter like any other 400. The body's size is Fastify's own
 * bodyLimit (413).
 */
export function installBodyLimits(fastify: FastifyInstance, limits: BodyLimits): void {
  fastify.addHook('preValidation', (request, _reply, done) => {
    const problem = request.body === undefined ? undefined : bodyProblemAt(request.body, limits);
    done(problem ? new BadRequestException({ message: problem.detail, field: problem.field }) : undefined);
  });
}

/** What is wrong with a parsed JSON body, or undefined. */
export function bodyProblem(body: unknown, limits: BodyLimits): string | undefined {
  return bodyProblemAt(body, limits)?.detail;
}

/**
 * What is wrong with a parsed JSON body and where (the field's path without the leading `body.`), or
 * undefined. Walked with an explicit stack, not recursion,
 * so that no depth of nesting can overflow this check either.
 */
function bodyProblemAt(body: unknown, limits: BodyLimits): { detail: string; field: string } | undefined {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value: body, depth: 0, path: 'body' }];
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value))
        return at(path, `${path} is not well-formed Unicode text (it holds a lone surrogate)`);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth + 1 > limits.maxNestingDepth) {
      return at(
        path,
        `the body nests deeper than ${limits.maxNestingDepth} levels (UMPIRE_MAX_NESTING_DEPTH)`,
      );
    }
    if (Array.isArray(value)) {
      if (value.length > limits.maxArrayLength) {
        return at(
          path,
          `${path} has ${value.length} items; at most ${limits.maxArrayLength} (UMPIRE_MAX_ARRAY_LENGTH)`,
        );
      }
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], depth: depth + 1, path: `${path}[${i}]` });
      continue;
    }
    const entries = Object.entries(value);
    if (entries.length > limits.maxArrayLength) {
      return at(
        path,
        `${path} has ${entries.length} fields; at most ${limits.maxArrayLength} (UMPIRE_MAX_ARRAY_LENGTH)`,
      );
    }
    for (const [key, field] of entries) {
      if (LONE_SURROGATE.test(key))
        return at(path, `a field name in ${path} is not well-formed Unicode text`);
      stack.push({ value: field, depth: depth + 1, path: `${path}.${key}` });
    }
  }
  return undefined;
}

/** The problem, with its path as a field name: `body.units[3]` → `units[3]`, the whole body → `body`. */
function at(path: string, detail: string): { detail: string; field: string } {
  return { detail, field: path === 'body' ? 'body' : path.slice('body.'.length) };
}
