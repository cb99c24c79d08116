import { STATUS_CODES } from 'node:http';

/** RFC 9457's media type: every error answer of the service has it. */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/**
 * What kind of problem an answer is, as a stable URI a client may switch on (RFC 9457 `type`). Kinds,
 * not statuses: a 409 is a rule (C-6) or a race with another writer, and a client does different things.
 */
export const PROBLEM_TYPES = {
  rule: 'urn:umpire:problem:rule-violation',
  validation: 'urn:umpire:problem:validation',
  unauthorized: 'urn:umpire:problem:unauthorized',
  forbidden: 'urn:umpire:problem:forbidden',
  notFound: 'urn:umpire:problem:not-found',
  conflict: 'urn:umpire:problem:conflict',
  tooLarge: 'urn:umpire:problem:body-too-large',
  rateLimited: 'urn:umpire:problem:rate-limited',
  notReady: 'urn:umpire:problem:not-ready',
  internal: 'urn:umpire:problem:internal',
  other: 'about:blank',
} as const;

export type ProblemType = (typeof PROBLEM_TYPES)[keyof typeof PROBLEM_TYPES];

/** An error answer (RFC 9457), with umpire's two extension members. */
export interface Problem {
  type: ProblemType;
  /** The status's own phrase ("Conflict"): the same for every problem of a status. */
  title: string;
  status: number;
  /** What went wrong with this request, in words (the message the service always gave). */
  detail: string;
  /** The rule a refused command breaks (C-6). */
  ruleId?: string;
  /** The request field at fault: a body field's path (`units[3].morale`), a query parameter or a header. */
  field?: string;
  /** Every validation message, when there were several (detail joins them). */
  errors?: string[];
  /** What a refused invitation was for: a seat at a table, or a place in a tournament. */
  invitation?: InvitationKind;
}

/** What an invitation opens: a seat at a table (a seat's key), or a place in a tournament (a participant's key). */
export type InvitationKind = 'seat' | 'participant';

/** The one constructor of error answers: the filter, the early rate limit and tests all build them here. */
export function problem(
  status: number,
  detail: string,
  extra: {
    type?: ProblemType;
    ruleId?: string;
    field?: string;
    errors?: string[];
    invitation?: InvitationKind;
  } = {},
): Problem {
  return {
    type: extra.type ?? typeForStatus(status),
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...(extra.ruleId !== undefined ? { ruleId: extra.ruleId } : {}),
    ...(extra.field !== undefined ? { field: extra.field } : {}),
    ...(extra.errors !== undefined && extra.errors.length > 1 ? { errors: extra.errors } : {}),
    ...(extra.invitation !== undefined ? { invitation: extra.invitation } : {}),
  };
}

function typeForStatus(status: number): ProblemType {
  switch (status) {
    case 400:
      return PROBLEM_TYPES.validation;
    case 401:
      return PROBLEM_TYPES.unauthorized;
    case 403:
      return PROBLEM_TYPES.forbidden;
    case 404:
      return PROBLEM_TYPES.notFound;
    case 409:
      return PROBLEM_TYPES.conflict;
    case 413:
      return PROBLEM_TYPES.tooLarge;
    case 429:
      return PROBLEM_TYPES.rateLimited;
    case 503:
      return PROBLEM_TYPES.notReady;
    case 500:
      return PROBLEM_TYPES.internal;
    default:
      return PROBLEM_TYPES.other;
  }
}

/** The header a 401 carries (RFC 6750): the scheme the service expects. */
export const WWW_AUTHENTICATE = 'Bearer realm="umpire"';
