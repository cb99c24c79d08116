/*
 * The desk says every time as its own 24-hour clock does, whatever the browser's locale: the
 * organiser compares the times on one screen ("joined at 21:07", "used at 21:07", "good until …").
 */

/** A time of the day: 09:14, 21:07. */
export const shortTime = (at: string | Date): string =>
  new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A time of the day to the second (two phones or keys of one minute told apart): 14:05:31. */
export const clockTime = (at: string | Date): string =>
  new Date(at).toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });

/** A day and its time: 4 Dec 2026, 21:07 (the day in the browser's own words). */
export const dayAndTime = (at: string | Date): string =>
  new Date(at).toLocaleString([], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
