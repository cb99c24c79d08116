import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * DESIGN.md "Layout": a folder is a room, and imports run one way. The rooms of the game run
 * rules ← rulesets ← match, tournament ← audit, projections, live ← api; no two folders import each other,
 * directly or round a longer loop. Read from the sources' own import lines.
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/** The layers: a folder may import its own layer or a lower one, never a higher one. */
const LAYER: Readonly<Record<string, number>> = {
  rules: 0,
  rulesets: 0.5,
  match: 1,
  tournament: 1,
  audit: 2,
  projections: 2,
  live: 2,
  api: 3,
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g;

/** Where a file lives, as a folder of src/ (the file's own name when it sits in src/ itself). */
function folderOf(path: string, depth = 1): string {
  return relative(SRC, path).split(sep).slice(0, depth).join('/');
}

interface Edge {
  from: string;
  to: string;
  file: string;
}

function edges(depth: number, within = ''): Edge[] {
  const found: Edge[] = [];
  for (const file of sources(join(SRC, within))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const target = resolve(dirname(file), match[1] ?? match[2]!);
      const from = folderOf(file, depth);
      const to = folderOf(target, depth);
      // Files at the top of the room (the registry, say) are the room's own, not a folder of it.
      if (from !== to && from.split('/').length === depth && to.split('/').length === depth) {
        found.push({ from, to, file: relative(SRC, file) });
      }
    }
  }
  return found;
}

/** A loop of folders importing one another, if there is one. */
function cycleIn(all: readonly Edge[]): string[] | undefined {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of all) next.set(from, (next.get(from) ?? new Set()).add(to));
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const to of next.get(node) ?? []) {
      const loop = visit(to);
      if (loop) return loop;
    }
    path.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of next.keys()) {
    const loop = visit(node);
    if (loop) return loop;
  }
  return undefined;
}

describe('layering (DESIGN.md: imports run one way)', () => {
  const top = edges(1);

  it('finds the imports it judges', () => {
    expect(top.some((e) => e.from === 'api' && e.to === 'match')).toBe(true);
    expect(top.some((e) => e.from === 'match' && e.to === 'rules')).toBe(true);
  });

  it('rules ← match, tournament ← audit, projections, live ← api: nothing imports a higher layer', () => {
    const upward = top
      .filter((e) => e.from in LAYER && e.to in LAYER && LAYER[e.to]! > LAYER[e.from]!)
      .map((e) => `${e.file} imports ${e.to}`);
    expect(upward).toEqual([]);
  });

  it('no folders of src/ import one another round a loop', () => {
    expect(cycleIn(top)).toBeUndefined();
  });

  it('no folders of src/rules/ import one another round a loop', () => {
    expect(cycleIn(edges(2, 'rules'))).toBeUndefined();
  });
});
