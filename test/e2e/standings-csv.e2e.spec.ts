import { endMatch, tournamentWithMatches } from './organiser-support.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { commandId, organiser } from './support/umpire-client.js';

/** The cells of one CSV line (RFC 4180: quoted cells may hold separators; "" is a quote). */
function cells(line: string): string[] {
  const out: string[] = [];
  const cell = /(?:^|,)("(?:[^"]|"")*"|[^,]*)/g;
  for (const [, raw = ''] of line.matchAll(cell)) {
    out.push(raw.startsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw);
  }
  return out;
}

describe('standings.csv', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('no name reaches a spreadsheet as a formula: a leading space, full-width signs, a `;` list separator; a tab or CR is refused', async () => {
    const org = organiser(t);
    await org.command('/tournaments', { tournamentId: 'csv-cup', name: 'CSV Cup' });
    const names = ['=1+1', ' =2+2', '＝4+4', 'Zulu;=5+5', '@SUM(1)', 'Plain Name'];
    for (const [i, name] of names.entries()) {
      await org.command('/tournaments/csv-cup/participants', { participantId: `p${i + 1}`, name });
    }
    // A name with a control character (a leading tab or carriage return) never gets this far.
    for (const name of ['\t=HYPERLINK("http://127.0.0.1/x")', '\r=3+3']) {
      const refused = await org.post('/tournaments/csv-cup/participants', { commandId: commandId(), name });
      expect(refused.status).toBe(400);
      expect(refused.body.field).toBe('name');
    }
    // names as the tournament keeps them (registration trims them)
    const kept = new Map<string, string>(
      (await org.get('/tournaments/csv-cup/standings')).body.standings.map(
        (row: { participantId: string; name: string }) => [row.participantId, row.name],
      ),
    );
    const csv = await org.get('/tournaments/csv-cup/standings.csv');
    expect(csv.status).toBe(200);
    const rows = (csv.text ?? '').split('\r\n').filter((line) => line !== '');
    const byName = new Map(rows.slice(1).map((line) => [cells(line)[1], line]));
    for (const i of names.keys()) {
      const name = kept.get(`p${i + 1}`)!;
      const line = byName.get(`p${i + 1}`)!;
      const nameCell = cells(line)[2]!;
      if (name === 'Plain Name') {
        expect(nameCell).toBe(name);
        expect(line).toContain(',Plain Name,');
        continue;
      }
      // the name, kept whole, behind an apostrophe when it could start a formula; always quoted
      expect(nameCell === name || nameCell === `'${name}`).toBe(true);
      expect(line).toContain(`,"${nameCell.replace(/"/g, '""')}",`);
      // read with `;` as the separator, as spreadsheets do where the decimal mark is a comma: no cell
      // outside quotes starts a formula
      const unquoted = line.replace(/"(?:[^"]|"")*"/g, '""');
      for (const piece of unquoted.split(/[;,]/)) expect(piece.trimStart()).not.toMatch(/^[=+\-@＝]/);
    }
  });

  it('a tournament of named matches without participants has the rows its JSON standings have', async () => {
    await tournamentWithMatches(t, 'named-cup', [
      { matchId: 'named-1', table: 1, players: { A: 'Cetshwayo', B: 'Chelmsford' } },
      { matchId: 'named-2', table: 2, players: { A: 'Dabulamanzi', B: 'Pearson' } },
    ]);
    await endMatch(t, 'named-1', 'A');
    await endMatch(t, 'named-2', 'draw');
    const org = organiser(t);
    const json = await org.get('/tournaments/named-cup/standings');
    expect(json.status).toBe(200);
    expect(json.body.standings).toHaveLength(4);
    const csv = await org.get('/tournaments/named-cup/standings.csv');
    expect(csv.status).toBe(200);
    const lines = (csv.text ?? '').split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe('rank,competitor,played,won,drawn,lost,points');
    expect(lines.slice(1).map(cells)).toEqual(
      json.body.standings.map((row: Record<string, unknown>) =>
        [row.rank, row.competitor, row.played, row.won, row.drawn, row.lost, row.points].map(String),
      ),
    );
  });
});
