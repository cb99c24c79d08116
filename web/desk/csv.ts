/** One participant from the pasted list: name, then optional club and seed. */
export interface ImportedParticipant {
  name: string;
  club?: string;
  seed?: number;
}

/**
 * Pasted CSV, one participant a line: `name,club,seed` (club and seed may be empty). A first line
 * starting with `name` is a header. Quoted cells ("Moyo, Alice") keep their commas.
 */
export function parseParticipants(text: string): { rows: ImportedParticipant[]; problems: string[] } {
  const rows: ImportedParticipant[] = [];
  const problems: string[] = [];
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  lines.forEach((line, index) => {
    const cells = splitCsvLine(line).map((c) => c.trim());
    if (index === 0 && cells[0]?.toLowerCase() === 'name') return;
    const [name = '', club = '', seed = ''] = cells;
    if (name === '') {
      problems.push(`line ${index + 1}: the name is empty`);
      return;
    }
    if (seed !== '' && !/^[1-9][0-9]*$/.test(seed)) {
      problems.push(`line ${index + 1}: seed "${seed}" is not a whole number from 1`);
      return;
    }
    rows.push({ name, ...(club ? { club } : {}), ...(seed ? { seed: Number(seed) } : {}) });
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
