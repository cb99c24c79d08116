/**
 * C-7: what a page says once time was called on the match's round (the play contract's `timeCalled`),
 * in the organiser's published policy's words.
 */
export interface TimeCalled {
  round: number;
  policy: string;
  playOver: boolean;
}

export function timeCalledNotice(called: TimeCalled): string {
  const time = `Time was called on round ${called.round}`;
  if (called.playOver) {
    return called.policy === 'stop-now'
      ? `${time}: stop now. No more moves; the judge or the organiser ends the match (C-7).`
      : `${time} and the turn it was called in has ended. No more moves; the judge or the organiser ends the match (C-7).`;
  }
  return `${time}: finish the current turn; no more moves once it ends (C-7).`;
}
