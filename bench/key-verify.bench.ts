import { configFromEnv } from '../src/config/app-config.js';
import { InMemoryEventStore } from '../src/event-store/memory/in-memory-event-store.js';

/**
 * The CPU of checking one player's bearer token (KeyRegistry.verify), this tree's against another's
 * (BENCH_BASELINE_SRC: its built dist/src/ folder; this tree's dist/ is built first), alternating rounds (BENCH_ROUNDS, 5) of BENCH_VERIFIES
 * (100,000) checks each. `npm run build:server && npx tsx bench/key-verify.bench.ts`.
 */
type Registry = {
  onModuleInit(): Promise<void>;
  onModuleDestroy?(): void;
  issue(grant: object, by: object): Promise<{ token: string }>;
  verify(token: string): Promise<unknown>;
};

async function registry(src: string): Promise<{ registry: Registry; token: string }> {
  const { KeyRegistry } = (await import(`${src}/auth/key-registry.service.js`)) as {
    KeyRegistry: new (store: unknown, config: unknown) => Registry;
  };
  const config = { ...configFromEnv({}), organiserKey: 'bench-organiser-key-long-enough-0123456789' };
  const registry = new KeyRegistry(new InMemoryEventStore(), config);
  await registry.onModuleInit();
  const { token } = await registry.issue(
    { role: 'player', matchId: 'm-1', side: 'A' },
    { role: 'organiser' },
  );
  return { registry, token };
}

const count = Number(process.env.BENCH_VERIFIES || 100_000);
const rounds = Number(process.env.BENCH_ROUNDS || 5);
const variants = [
  { label: 'this tree', src: '../dist/src' },
  ...(process.env.BENCH_BASELINE_SRC ? [{ label: 'baseline', src: process.env.BENCH_BASELINE_SRC }] : []),
];
const built = await Promise.all(variants.map(async (v) => ({ ...v, ...(await registry(v.src)) })));
const micros = new Map<string, number[]>(built.map((b) => [b.label, []]));
for (let round = 0; round < rounds; round++) {
  for (const b of round % 2 === 0 ? built : [...built].reverse()) {
    const before = process.cpuUsage();
    for (let i = 0; i < count; i++) if (!(await b.registry.verify(b.token))) throw new Error('refused');
    const used = process.cpuUsage(before);
    micros.get(b.label)!.push((used.user + used.system) / count);
  }
}
for (const b of built) {
  b.registry.onModuleDestroy?.();
  const values = micros.get(b.label)!;
  console.log(`${b.label}: ${values.map((v) => v.toFixed(2)).join(' ')} µs of CPU a check`);
}
