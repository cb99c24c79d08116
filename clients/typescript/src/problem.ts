import type { paths } from './schema.js';

/**
 * An error answer of the service: RFC 9457 problem details with umpire's `ruleId` and `field`. Taken
 * from a route's documented 401 rather than by its schema's name, which is the document's own business.
 */
export type Problem = paths['/matches/{id}']['get']['responses'][401]['content']['application/problem+json'];

/**
 * Whether a parsed error body is the service's problem details. Checked by field, not assumed: a proxy
 * in front of the service may answer with anything (an HTML 502 page, an empty body).
 */
export function isProblem(value: unknown): value is Problem {
  if (typeof value !== 'object' || value === null) return false;
  const fields: Record<string, unknown> = { ...value };
  return (
    typeof fields.type === 'string' &&
    typeof fields.title === 'string' &&
    typeof fields.status === 'number' &&
    typeof fields.detail === 'string' &&
    (fields.ruleId === undefined || typeof fields.ruleId === 'string') &&
    (fields.field === undefined || typeof fields.field === 'string')
  );
}

/**
 * A refusal or error from the service, thrown by the helpers (and by `ok()`): `problem` is the answer's
 * problem details, so a caller switches on `problem.type`, shows `problem.detail`, and points at
 * `problem.ruleId` (a rule a command broke, C-6) or `problem.field` (the input at fault).
 */
export class UmpireProblem extends Error {
  override readonly name = 'UmpireProblem';

  constructor(readonly problem: Problem) {
    super(
      `${problem.status} ${problem.title}: ${problem.detail}` +
        (problem.ruleId ? ` (${problem.ruleId})` : '') +
        (problem.field ? ` [${problem.field}]` : ''),
    );
  }

  get status(): number {
    return this.problem.status;
  }

  get ruleId(): string | undefined {
    return this.problem.ruleId;
  }

  get field(): string | undefined {
    return this.problem.field;
  }
}

/**
 * The problem an error answer carries; a body that is not problem details (a proxy's page) becomes
 * one that says what came back, so callers handle one shape.
 */
export function problemFrom(status: number, body: unknown): Problem {
  if (isProblem(body)) return body;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    type: 'about:blank',
    title: 'Unexpected answer',
    status,
    detail: `the answer was not problem details: ${(text ?? '').slice(0, 200) || '(empty)'}`,
  };
}

/**
 * The data of a successful call, or an `UmpireProblem` thrown for a refusal:
 * `const match = ok(await umpire.GET('/matches/{id}', { params: { path: { id } } }))`.
 * For answers with a body; a 204 (DELETE) has none, so check `response.ok` there instead.
 */
export function ok<Data, Failure>(result: { data?: Data; error?: Failure; response: Response }): Data {
  const { data, error, response } = result;
  if (error !== undefined || !response.ok) throw new UmpireProblem(problemFrom(response.status, error));
  if (data === undefined) {
    throw new UmpireProblem({
      type: 'about:blank',
      title: 'No content',
      status: response.status,
      detail: `${response.url} answered ${response.status} without the body this call expects`,
    });
  }
  return data;
}
