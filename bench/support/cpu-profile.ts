import { readFileSync } from 'node:fs';

/** The parts of a V8 .cpuprofile this reads. */
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** For the functions with the most self time: which callers that time was spent under. */
export function selfTimeByCaller(file: string, names: readonly string[], count = 4): Map<string, SelfTime[]> {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const out = new Map<string, Map<string, { name: string; where: string; us: number }>>();
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const name = byNode.get(id)?.callFrame.functionName ?? '';
    if (!names.includes(name)) return;
    const delta = profile.timeDeltas[i] ?? 0;
    totals.set(name, (totals.get(name) ?? 0) + delta);
    // The nearest caller that is the service's own code (or the nearest one at all).
    let at = parent.get(id);
    let first: { name: string; where: string } | undefined;
    while (at !== undefined) {
      const frame = byNode.get(at)!.callFrame;
      const where = `${frame.url.replace(/^.*\/dist\//, 'dist/')}:${frame.lineNumber + 1}`;
      first ??= { name: frame.functionName || '(anonymous)', where };
      if (frame.url.includes('/dist/src/')) {
        first = { name: frame.functionName || '(anonymous)', where };
        break;
      }
      at = parent.get(at);
    }
    const key = first ? `${first.name} ${first.where}` : '(root)';
    const callers = out.get(name) ?? new Map();
    const entry = callers.get(key) ?? { name: first?.name ?? '(root)', where: first?.where ?? '', us: 0 };
    entry.us += delta;
    callers.set(key, entry);
    out.set(name, callers);
  });
  return new Map(
    [...out].map(([name, callers]) => [
      name,
      [...callers.values()]
        .sort((a, b) => b.us - a.us)
        .slice(0, count)
        .map((e) => ({
          name: e.name,
          where: e.where,
          ms: e.us / 1000,
          share: e.us / (totals.get(name) ?? 1),
        })),
    ]),
  );
}

export interface SelfTime {
  name: string;
  where: string;
  ms: number;
  share: number;
}

/** Self time per function (summed over every node of the same function), largest first. */
export function topSelfTime(file: string, count = 25): { totalMs: number; top: SelfTime[] } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const micros = new Map<string, { name: string; where: string; us: number }>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    total += delta;
    const frame = byNode.get(id)?.callFrame;
    if (!frame) return;
    const url = frame.url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, 'node_modules/');
    const where = url ? `${url.replace(/^.*\/dist\//, 'dist/')}:${frame.lineNumber + 1}` : '';
    const name = frame.functionName || '(anonymous)';
    const key = `${name} ${where}`;
    const entry = micros.get(key) ?? { name, where, us: 0 };
    entry.us += delta;
    micros.set(key, entry);
  });
  const top = [...micros.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, count)
    .map((e) => ({ name: e.name, where: e.where, ms: e.us / 1000, share: e.us / total }));
  return { totalMs: total / 1000, top };
}

/** Self time grouped by where the code lives: the service's own code, each package, Node, V8 and GC. */
export function selfTimeByArea(file: string): { area: string; share: number }[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const areas = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    total += delta;
    const frame = byNode.get(id)?.callFrame;
    const url = frame?.url ?? '';
    let area: string;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (pkg) area = pkg[1]!;
    else if (url.includes('/dist/src/')) area = `umpire ${url.replace(/^.*\/dist\/src\/([^/]+).*$/, '$1')}/`;
    else if (url.startsWith('node:')) area = 'node internals';
    else area = frame?.functionName ? `(${frame.functionName})` : '(native)';
    areas.set(area, (areas.get(area) ?? 0) + delta);
  });
  return [...areas].map(([area, us]) => ({ area, share: us / total })).sort((a, b) => b.share - a.share);
}
