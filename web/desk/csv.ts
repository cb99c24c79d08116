/** One participant from the pasted list: name, then optional club and seed. */
export interface ImportedParticipant {
  name: string;
  club?: string;
  seed?: number;
}

/** Where a participant came from in the pasted text: its line (counted from 1, blank lines too) and its words. */
export interface PastedLine {
  line: number;
  text: string;
}

/** A line that names nobody the page can register, and why. */
export interface PastedProblem extends PastedLine {
  name: string;
  problem: string;
}

/**
 * Pasted CSV, one participant a line: `name,club,seed` (club and seed may be empty). A first line
 * starting with `name` is a header. Quoted cells ("Moyo, Alice") keep their commas. Blank lines are
 * skipped but counted, so that a line number is the one the organiser sees in the box.
 */
export function parseParticipants(text: string): {
  rows: (ImportedParticipant & PastedLine)[];
  problems: PastedProblem[];
} {
  const rows: (ImportedParticipant & PastedLine)[] = [];
  const problems: PastedProblem[] = [];
  let first = true;
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === '') return;
    const line = index + 1;
    const cells = splitCsvLine(raw).map((c) => c.trim());
    const header = first && cells[0]?.toLowerCase() === 'name';
    first = false;
    if (header) return;
    const [name = '', club = '', seed = ''] = cells;
    if (name === '') {
      problems.push({ line, text: raw, name, problem: 'the name is empty' });
      return;
    }
    if (seed !== '' && !/^[1-9][0-9]*$/.test(seed)) {
      problems.push({ line, text: raw, name, problem: `seed "${seed}" is not a whole number from 1` });
      return;
    }
    rows.push({ line, text: raw, name, ...(club ? { club } : {}), ...(seed ? { seed: Number(seed) } : {}) });
  });
  return { rows, problems };
}

function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}
