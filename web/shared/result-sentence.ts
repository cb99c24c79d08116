import { isRecord } from '../../src/rules/common/is-record.js';
import { describeValue } from './match-view.js';

/**
 * A match's result in a sentence: "Zulus won — the square broke", "A draw — time", from the play
 * contract's `{ winner, winnerName, note }`; any other shape in plain words.
 */
export function resultSentence(
  result: unknown,
  sideName: (id?: string) => string,
  unitName: (id: string) => string | undefined,
): string {
  if (isRecord(result) && 'winner' in result) {
    const { winner, winnerName, note } = result;
    const who =
      typeof winnerName === 'string' && winnerName !== ''
        ? winnerName
        : typeof winner === 'string'
          ? sideName(winner)
          : undefined;
    const said = who === undefined ? 'A draw' : `${who} won`;
    return typeof note === 'string' && note.trim() !== '' ? `${said} — ${note}` : said;
  }
  return result ? describeValue(result, unitName) : 'ended';
}
