import type { Api } from '../shared/api';
import { refusalText } from '../shared/refusal';
import { newCommandId } from '../shared/tournament-views';
import { parseParticipants } from './csv';

/** What became of one pasted line. */
export interface ImportedLine {
  line: number;
  name: string;
  outcome: 'registered' | 'already registered' | 'refused';
  /** Why it was refused: the service's words, or the line's problem. */
  why?: string;
  /** The line as pasted, kept so that a refused one can be put back in the box to be fixed. */
  text: string;
}

/** The names the service counts as taken: a participant's, unless they withdrew (compared without case). */
function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * Registers each pasted line in turn. A name already registered is skipped (so that pasting the same
 * list again after a refusal registers only what is missing), a line the page cannot read or the
 * service refuses is reported and the import goes on with the next, and every line says what became of
 * it.
 */
export async function importParticipants(
  api: Api,
  base: string,
  pasted: string,
  registered: string[],
): Promise<ImportedLine[]> {
  const { rows, problems } = parseParticipants(pasted);
  const taken = new Set(registered.map(nameKey));
  const report: ImportedLine[] = problems.map((p) => ({
    line: p.line,
    name: p.name,
    outcome: 'refused',
    why: p.problem,
    text: p.text,
  }));
  for (const row of rows) {
    const { line, text, ...participant } = row;
    if (taken.has(nameKey(participant.name))) {
      report.push({ line, name: participant.name, outcome: 'already registered', text });
      continue;
    }
    try {
      await api.post(`${base}/participants`, { commandId: newCommandId(), ...participant });
      taken.add(nameKey(participant.name));
      report.push({ line, name: participant.name, outcome: 'registered', text });
    } catch (error) {
      report.push({ line, name: participant.name, outcome: 'refused', why: refusalText(error), text });
    }
  }
  return report.sort((a, b) => a.line - b.line);
}

/** One line of the report, in the organiser's words. */
export function lineWords(l: ImportedLine): string {
  const who = l.name ? ` (${l.name})` : '';
  switch (l.outcome) {
    case 'registered':
      return `Line ${l.line}${who}: registered.`;
    case 'already registered':
      return `Line ${l.line}${who}: already registered, skipped.`;
    case 'refused':
      return `Line ${l.line}${who}: not registered: ${l.why ?? 'refused'}.`;
  }
}
