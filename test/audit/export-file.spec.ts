import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExportFile } from '../../src/cli/export-file.js';

/**
 * The export file read in pieces: the prescan finds the lines naming ActionsReverted and MatchEnded by
 * searching the bytes, across the 1 MiB pieces the file is read in, and pages() gives every event line
 * in order, whatever the lines' lengths.
 */
describe('ExportFile: an export read a piece at a time', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'umpire-export-file-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const line = (type: string, revision: number, data: object) =>
    JSON.stringify({
      type,
      data,
      metadata: {
        stream: 'match-x',
        revision,
        commandId: `c${revision}`,
        actor: { role: 'judge' },
        prevHash: '0'.repeat(64),
        hash: '1'.repeat(64),
      },
    });

  it('C-5 C-2 the prescan finds every revert target and the first reveal, across pieces and in lines longer than a piece', () => {
    const lines: string[] = [];
    let revision = 0;
    const targets: number[] = [];
    for (let i = 0; i < 30_000; i++) {
      revision += 1;
      if (i % 997 === 0) {
        targets.push(i);
        lines.push(line('ActionsReverted', revision, { toRevision: i, reason: 'misplaced' }));
      } else if (i === 12_345) {
        // Longer than the 1 MiB piece: found whole all the same.
        lines.push(line('ActionsReverted', revision, { toRevision: 7, note: 'x'.repeat(3 << 20) }));
        targets.push(7);
      } else if (i === 20_000 || i === 25_000) {
        lines.push(
          line('MatchEnded', revision, { serverSeed: i === 20_000 ? 'a'.repeat(64) : 'b'.repeat(64) }),
        );
      } else {
        // A line holding the name as a member's name is decoded, and left out: its type is another.
        lines.push(line('TurnEnded', revision, i % 5000 === 1 ? { MatchEnded: 'no' } : { turn: i }));
      }
    }
    for (const [name, text] of [
      ['with a newline at the end', lines.join('\n') + '\n'],
      ['without one', lines.join('\n')],
    ] as const) {
      const path = join(dir, `${name}.ndjson`);
      writeFileSync(path, text);
      const file = new ExportFile(path);
      expect({ name, found: file.prescan() }).toEqual({
        name,
        found: { retain: targets, seedHint: 'a'.repeat(64) },
      });
      const revisions = [...file.pages()].flat().map((event) => event.metadata.revision);
      expect(revisions).toHaveLength(30_000);
      expect(revisions.every((r, i) => r === i + 1)).toBe(true);
    }
  });
});
