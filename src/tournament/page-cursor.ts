import { BadRequestException } from '@nestjs/common';

/** A page of a list: pass `nextCursor` back as `cursor` for the next one; null on the last page. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Keyset pagination over a list in a stable order, keyed by a whole number that only grows along it. */
export function pageBy<T>(
  items: readonly T[],
  key: (item: T) => number,
  limit: number,
  cursor?: string,
): Page<T> {
  const after = cursor === undefined ? Number.NEGATIVE_INFINITY : decode(cursor);
  const rest = items.filter((item) => key(item) > after);
  const page = rest.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page,
    nextCursor: rest.length > limit && last !== undefined ? encode(key(last)) : null,
  };
}

function encode(after: number): string {
  return Buffer.from(JSON.stringify({ after })).toString('base64url');
}

function decode(cursor: string): number {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown };
    if (typeof value?.after === 'number' && Number.isInteger(value.after)) return value.after;
  } catch {
    // answered below
  }
  throw new BadRequestException('cursor is not one this API gave out');
}
