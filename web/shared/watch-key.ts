/**
 * Where the watch page keeps its key: in sessionStorage, for this tab only, and never in the URL (a
 * link to the page can be shared, the key cannot). The hall hands its own key to the watch page
 * through it: following a refereed table's Watch link in the hall's tab writes the hall's key here,
 * unless the watch page holds one already, and the watch page reads it as its own. Both pages name
 * it by this constant alone.
 */
export const WATCH_KEY_STORAGE = 'umpire.watch.key';
