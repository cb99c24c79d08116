import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiNotModifiedResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { conditionalGet } from '../http/conditional-get.js';
import type { ProjectionRunner } from '../projections/projection-runner.js';
import type { BoardRead } from '../tournament/tournament-board.service.js';

/**
 * A tournament route answered from its stream: the answer is a function of the route, its query and
 * what the board says it is made of (its views' digests); one holding a running clock has no
 * validator (it counts down between events) and is always a 200.
 */
export function answerFromBoard<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  read: BoardRead<T>,
): T | undefined {
  return conditionalGet(request, reply, read.validator, read.answer);
}

/**
 * A route answered from read models: its answer is a function of the route, its query and what the
 * read models have read (the store's position, in the version of each that read it). Read once they
 * hold every write so far, before the answer is built: an answer built later is as new or newer.
 */
export async function answerFromReadModels<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  runner: ProjectionRunner,
  names: readonly string[],
  answer: () => Promise<T>,
  ...also: (string | number)[]
): Promise<T | undefined> {
  await runner.settle(names);
  const read = runner.status(names).flatMap((model) => [model.name, model.version, model.position]);
  return conditionalGet(request, reply, [...read, ...also], answer);
}

/** The OpenAPI of a tournament route answered with a validator: If-None-Match, and its 304. */
export function ApiValidated(what: string) {
  return applyDecorators(
    ApiHeader({
      name: 'If-None-Match',
      required: false,
      description: `The ETag of ${what} read before: 304 while it is unchanged.`,
    }),
    ApiNotModifiedResponse({
      description: `${what[0]!.toUpperCase()}${what.slice(1)} is as it was when its ETag was given (weak: Cache-Control private, no-cache).`,
    }),
  );
}
