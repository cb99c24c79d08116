import type { Api } from './api';

/** A page of a listing, as every paged route answers it. */
interface Paged<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * Every item of a paged listing, following `nextCursor` to the end: a page a person reads whole (the
 * desk's participants) must not stop at the first 100 of a large field.
 */
export async function everyPage<T>(api: Api, path: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const joiner: string = path.includes('?') ? '&' : '?';
    const page: Paged<T> = await api.get<Paged<T>>(
      cursor === null ? path : `${path}${joiner}cursor=${encodeURIComponent(cursor)}`,
    );
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return items;
}
