/**
 * Where the pages that follow a match keep their keys: in sessionStorage, for this tab only, and never
 * in the URL's path or query (a link to a page can be shared, the key cannot, and the query reaches the
 * service's logs). A page that links to one of them in the same tab may hand its own key over
 * (handKeyTo): the hall to the watch page for a refereed table, the desk to the watch page and the
 * judge's console for a single match. The page linked to reads it as its own; a key it holds already
 * is kept. Every page names these by the constants alone.
 */
export const WATCH_KEY_STORAGE = 'umpire.watch.key';
export const JUDGE_KEY_STORAGE = 'umpire.judge.key';

/** Hands `key` to the page that keeps its key under `storage`, unless that page holds one already. */
export function handKeyTo(storage: typeof WATCH_KEY_STORAGE | typeof JUDGE_KEY_STORAGE, key: string): void {
  if (!sessionStorage.getItem(storage)) sessionStorage.setItem(storage, key);
}

/**
 * A link to the watch page for another device (a spectator key bound to one match, from the desk):
 * the key rides in the fragment (`#key=…`), which a browser never sends, so it stays out of every
 * request and log, as a seat's invitation does on the table page.
 */
export function watchLink(origin: string, matchId: string, key: string): string {
  return `${origin}/watch/?match=${encodeURIComponent(matchId)}#key=${encodeURIComponent(key)}`;
}

/** The pages that take a key from their link's fragment, and where each keeps it. */
const FRAGMENT_KEYS: Record<string, typeof WATCH_KEY_STORAGE> = { '/watch/': WATCH_KEY_STORAGE };

/**
 * A key in the fragment of the address this page was opened at becomes the page's key (replacing one
 * it held: the link names the key to watch with), and is wiped from the address bar and the history
 * at once, before the page sends anything: it must not stay where a screenshot, a shared tab or the
 * back button could find it. Run as this module loads, so before any page that imports it renders.
 */
export function takeKeyFromFragment(location: Location = window.location): void {
  const storage = FRAGMENT_KEYS[location.pathname.replace(/index\.html$/, '')];
  if (!storage || !location.hash) return;
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  if (!fragment.has('key')) return;
  history.replaceState(null, '', `${location.pathname}${location.search}`);
  const key = fragment.get('key')?.trim();
  if (key) sessionStorage.setItem(storage, key);
}

if (typeof window !== 'undefined') takeKeyFromFragment();
