import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { longMatch } from '../../bench/verify-match.js';
import { type ChainApart, ChainWalk, type ChainWalked } from '../../src/audit/chain-walk.js';
import { type ExportedEvent, toNdjson } from '../../src/audit/export-format.js';
import { verifyPages } from '../../src/audit/verify-pages.js';
import { runNode } from './support/cli.js';
import { edit, remove } from './support/tamper.js';

/**
 * The hash chain walked apart (umpire verify's worker thread) while the verifier re-decides
 * the rules. The report must be the one a walk in line gives, and a walk apart that did not see the
 * very events the verifier read is never taken: the chain is then walked again here.
 */
const { events, seed } = longMatch(1200, 'chain-apart');
const seedHint = seed.toString('hex');
const pagesOf = (log: readonly ExportedEvent[]) =>
  function* () {
    for (let i = 0; i < log.length; i += 50) yield log.slice(i, i + 50);
  };

function walkOf(log: readonly ExportedEvent[]): ChainWalked {
  const chain = new ChainWalk(log[0]!.metadata.stream);
  for (const event of log) chain.add(event);
  return { events: log.length, lastHash: log.at(-1)?.metadata.hash ?? null, broken: chain.broken };
}

const forgeries: [string, ExportedEvent[]][] = [
  ['honest', events],
  ['an edited roll', edit(events, 300, (e) => (e.data.note = 'forged'))],
  ['an event removed', remove(events, 400)],
];

describe('the chain walked apart', () => {
  it.each(forgeries)(
    'C-3 %s: the report is the in-line one when the walk apart saw the same events',
    async (_name, log) => {
      const inline = await verifyPages(pagesOf(log), { seedHint });
      let asked = 0;
      const apart: ChainApart = () => {
        asked += 1;
        return Promise.resolve(walkOf(log));
      };
      expect(await verifyPages(pagesOf(log), { seedHint, chainApart: apart })).toEqual(inline);
      expect(asked).toBe(1);
    },
  );

  it.each(forgeries)(
    'C-3 %s: a walk apart of other events, or one that failed, is not taken: the chain is walked here',
    async (_name, log) => {
      const inline = await verifyPages(pagesOf(log), { seedHint });
      const truth = walkOf(log);
      // Verdicts the opposite of the truth: taken, they would change the report.
      const wrong = truth.broken ? null : { revision: 7, reason: 'a verdict about other events' };
      for (const walked of [
        undefined,
        { ...truth, broken: wrong, events: log.length - 1 },
        { ...truth, broken: wrong, lastHash: 'f'.repeat(64) },
      ]) {
        expect(
          await verifyPages(pagesOf(log), { seedHint, chainApart: () => Promise.resolve(walked) }),
        ).toEqual(inline);
      }
      // The same verdict, from a walk that saw these very events, is taken as it is.
      const taken = await verifyPages(pagesOf(log), {
        seedHint,
        chainApart: () => Promise.resolve({ ...truth, broken: wrong }),
      });
      expect(taken.checked.chain.ok).toBe(wrong === null);
    },
  );
});

describe('umpire verify: the worker thread walks the export file’s chain', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'umpire-chain-apart-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('C-3 the worker, started as the CLI starts it (through tsx), walks what a walk in line finds', async () => {
    const files = forgeries.map(([name, log], i) => {
      const path = join(dir, `${i}.ndjson`);
      writeFileSync(path, toNdjson(log));
      return { name, path, expected: walkOf(log) };
    });
    const script =
      "import { ExportFile } from './src/cli/export-file.ts';" +
      `const paths = ${JSON.stringify(files.map((f) => f.path))};` +
      'const walks = [];' +
      'for (const path of paths) { const apart = new ExportFile(path).chainApart(0); walks.push(apart ? await apart() : "no worker"); }' +
      'process.stdout.write(JSON.stringify(walks));';
    const run = await runNode(['--import', 'tsx', '--input-type=module', '-e', script]);
    expect(run.stderr).toBe('');
    const walks = JSON.parse(run.stdout) as unknown[];
    expect(walks).toEqual(files.map((f) => f.expected));
    expect(walks[1]).toMatchObject({ broken: { revision: 300 } });
  }, 60_000);
});
