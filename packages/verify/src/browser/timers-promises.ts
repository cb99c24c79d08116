/**
 * node:timers/promises for the browser build: `setImmediate` is how verify-pages.ts gives the event
 * loop a turn between pages; a zero-delay timer does the same in a page or a worker.
 */
export function setImmediate<T = void>(value?: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value as T), 0));
}
