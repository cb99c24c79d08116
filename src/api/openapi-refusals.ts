import { PROBLEM_TYPES, problem } from '../http/problem-details.js';

type Json = Record<string, unknown>;

/**
 * The refusals a route can give besides those of its access (401, 403, 429), read from what the route
 * is: what it takes (parameters, a body), whether it names something that may not exist, whether it
 * is a command a decider judges, whether a read model answers it. Every one in the one error shape,
 * RFC 9457 problem details (`problem()`, DomainErrorFilter), as `application/problem+json`.
 */

const PROBLEM_MEDIA = 'application/problem+json';

/** The answers of commands that a decider judges (a RuleViolation is 422 when never valid, 409 when not now). */
const COMMAND_ANSWERS = new Set([
  'CommandResultDto',
  'TournamentCommandDto',
  'TournamentCreatedDto',
  'MatchScheduledDto',
]);

interface Refusal {
  description: string;
  example: object;
  applies(route: Route): boolean;
}

interface Route {
  path: string;
  method: string;
  operation: Json;
}

const takesInput = ({ operation }: Route) =>
  operation.requestBody !== undefined ||
  (Array.isArray(operation.parameters) && operation.parameters.length > 0);
const namesSomething = ({ path }: Route) => path.includes('{');
const takesBody = ({ operation }: Route) => operation.requestBody !== undefined;
const isJudgedCommand = ({ operation }: Route) =>
  Object.entries((operation.responses ?? {}) as Record<string, Json>).some(
    ([status, response]) =>
      status.startsWith('2') &&
      Object.values((response.content ?? {}) as Record<string, Json>).some((media) =>
        COMMAND_ANSWERS.has(
          String((media.schema as Json | undefined)?.$ref ?? '')
            .split('/')
            .at(-1) ?? '',
        ),
      ),
  );
/**
 * A route of one match or tournament, or a list of them: the read models answer the lists and reads,
 * and a key bound to a tournament is checked against its schedule, read from a read model too (503
 * while one catches up). Creating a match or a tournament reads none.
 */
const readsReadModels = ({ path, method }: Route) =>
  /^\/(matches|tournaments)\/\{id\}/.test(path) ||
  (method === 'get' && /^\/(matches|tournaments)$/.test(path));

const REFUSALS: Record<string, Refusal> = {
  '400': {
    description:
      'A parameter, header or body field is not valid (`field` names it; `errors` lists every message when there are several). Nothing changed.',
    example: problem(400, 'limit must not be greater than 500', { field: 'limit' }),
    applies: takesInput,
  },
  '404': {
    description:
      'Nothing by that id (for a key bound to a tournament: nothing of its tournament by that id).',
    example: problem(404, 'match isandlwana does not exist'),
    applies: namesSomething,
  },
  '409': {
    description:
      'Not now: a rule refuses the command in the present state (`ruleId`, C-6), or another command was appended first (send it again). Nothing changed.',
    example: problem(409, 'unit nnc has already surrendered', {
      type: PROBLEM_TYPES.rule,
      ruleId: 'HH-9',
    }),
    applies: isJudgedCommand,
  },
  '413': {
    description: 'The body is larger than UMPIRE_BODY_LIMIT_BYTES.',
    example: problem(413, 'the request body is larger than 65536 bytes (UMPIRE_BODY_LIMIT_BYTES)', {
      field: 'body',
    }),
    applies: takesBody,
  },
  '422': {
    description:
      'Never valid: the command breaks a rule whatever the state (`ruleId`, C-6; `field` when one field is at fault). Nothing changed.',
    example: problem(422, 'dice face #1 is 7; a D6 shows 1 to 6', {
      type: PROBLEM_TYPES.rule,
      ruleId: 'C-1',
    }),
    applies: isJudgedCommand,
  },
  '503': {
    description:
      'A read model this answer needs is catching up: try again after `Retry-After` seconds (never a stale answer).',
    example: problem(503, 'the read model match-history is catching up; retry in 1 s'),
    applies: readsReadModels,
  },
};

/**
 * Adds the refusals this route can give that it does not state itself, and states every error
 * answer, its own included, as problem details.
 */
export function addRefusals(path: string, method: string, operation: Json, errorSchema: Json): void {
  const responses = operation.responses as Record<string, Json>;
  const route = { path, method, operation };
  for (const [status, refusal] of Object.entries(REFUSALS)) {
    if (!refusal.applies(route) || responses[status]) continue;
    responses[status] = {
      description: refusal.description,
      content: { [PROBLEM_MEDIA]: { schema: errorSchema, example: refusal.example } },
    };
  }
  for (const [status, response] of Object.entries(responses)) {
    if (!/^[45]/.test(status)) continue;
    const content = (response.content ?? {}) as Record<string, Json>;
    const media = content[PROBLEM_MEDIA] ?? content['application/json'] ?? {};
    // An error with a body of its own (GET /health/ready's report) keeps it.
    if (media.schema !== undefined && (media.schema as Json).$ref !== errorSchema.$ref) continue;
    response.content = {
      [PROBLEM_MEDIA]: {
        ...media,
        schema: errorSchema,
        ...(media.example === undefined && media.examples === undefined
          ? { example: problem(Number(status), response.description as string) }
          : {}),
      },
    };
  }
}
