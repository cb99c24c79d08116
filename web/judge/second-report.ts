/** What the players said about a disputed table, as the judge console reads it. */
export interface TableWords {
  reported?: { outcome: string; by: string; note?: string };
  /** `report`: the disputing player's own report of another result, with its note. */
  disputed?: { by: string; reason: string; report?: { outcome: string; note?: string } };
}

/**
 * The opponent's own report, when that is what disputed the table: as the service records it, or, for a
 * dispute recorded before reports were kept with it, read from its words ("p1 reported side A won, p3
 * reported side B won"). Undefined for a dispute given in words.
 */
export function secondReport(
  disputed: NonNullable<TableWords['disputed']>,
): { by: string; outcome: string; note?: string } | undefined {
  if (disputed.report) return { by: disputed.by, ...disputed.report };
  return reportInWords(disputed.reason);
}

function reportInWords(reason: string): { by: string; outcome: string } | undefined {
  const found = /^(\S+) reported (?:a draw|side [AB] won), (\S+) reported (a draw|side ([AB]) won)$/.exec(
    reason,
  );
  if (!found) return undefined;
  return { by: found[2]!, outcome: found[4] ?? 'draw' };
}
