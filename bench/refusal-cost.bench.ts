import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpClient } from './support/http-client.js';
import { Service } from './support/service.js';

/**
 * What one refused request costs the service, in its own CPU time (steadier than wall time on a shared
 * machine): a spectator key past its rate limit sends BENCH_REFUSALS (20,000) GET /matches/:id and
 * POST /matches/:id/charges over 32 connections, and the service's CPU seconds over them are divided
 * by their number. The limit's pause is off here (UMPIRE_RATE_LIMIT_PAUSE_MS=0), so that this is the
 * cost of the refusal alone. `npm run build && npx tsx bench/refusal-cost.bench.ts`.
 *
 * With BENCH_BASELINE_MAIN=<another build's dist/src/main.js> it measures that build and this one in
 * turn, BENCH_ROUNDS (3) times, and prints each round's ratio: a change against the code before it,
 * back to back on the same machine load.
 */
const total = Number(process.env.BENCH_REFUSALS || 20_000);
const baseline = process.env.BENCH_BASELINE_MAIN;
const rounds = Number(process.env.BENCH_ROUNDS || (baseline ? 3 : 1));

/** The service's CPU time for one refused request, in µs. */
async function refusalCost(main: string | undefined): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bench-refusal-'));
  const service = await Service.start({
    dataDir,
    ...(main ? { main } : {}),
    ...(process.env.BENCH_PROFILE_DIR ? { profileDir: process.env.BENCH_PROFILE_DIR } : {}),
    env: { UMPIRE_RATE_LIMIT: '1', UMPIRE_RATE_LIMIT_WINDOW_MS: '600000', UMPIRE_RATE_LIMIT_PAUSE_MS: '0' },
  });
  try {
    const key = (await service.organiser.post('/keys', { role: 'spectator' })).body as { token: string };
    const flooder = new HttpClient(service.url, key.token, 32);
    const statuses = new Map<number, number>();
    let sent = 0;
    const before = service.cpuSeconds()!;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 32 }, async (_, i) => {
        while (sent < total) {
          sent += 1;
          const { status } =
            i % 2 === 0
              ? await flooder.get('/matches/m-1')
              : await flooder.post('/matches/m-1/charges', { commandId: 'x', attackerId: [] });
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = service.cpuSeconds()! - before;
    flooder.close();
    const micros = (cpu / sent) * 1e6;
    console.log(
      `${main ? 'baseline' : 'this tree'}: ${sent} requests in ${seconds.toFixed(1)} s (${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}); service CPU ${cpu.toFixed(2)} s = ${micros.toFixed(0)} µs a request`,
    );
    return micros;
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ratios: number[] = [];
for (let round = 0; round < rounds; round++) {
  const before = baseline ? await refusalCost(baseline) : undefined;
  const after = await refusalCost(undefined);
  if (before !== undefined) ratios.push(after / before);
}
if (ratios.length > 0) {
  const sorted = [...ratios].sort((a, b) => a - b);
  console.log(
    `refusal cost, this tree / baseline: ${ratios.map((r) => `×${r.toFixed(2)}`).join(' ')} (median ×${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)})`,
  );
}
