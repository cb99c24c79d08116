/**
 * Where the pages that follow a match keep their keys: in sessionStorage, for this tab only, and never
 * in the URL (a link to a page can be shared, the key cannot). A page that links to one of them in the
 * same tab may hand its own key over (handKeyTo): the hall to the watch page for a refereed table, the
 * desk to the watch page and the judge's console for a single match. The page linked to reads it as
 * its own; a key it holds already is kept. Every page names these by the constants alone.
 */
export const WATCH_KEY_STORAGE = 'umpire.watch.key';
export const JUDGE_KEY_STORAGE = 'umpire.judge.key';

/** Hands `key` to the page that keeps its key under `storage`, unless that page holds one already. */
export function handKeyTo(storage: typeof WATCH_KEY_STORAGE | typeof JUDGE_KEY_STORAGE, key: string): void {
  if (!sessionStorage.getItem(storage)) sessionStorage.setItem(storage, key);
}
