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
 */
const total = Number(process.env.BENCH_REFUSALS || 20_000);
const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bench-refusal-'));
const service = await Service.start({
  dataDir,
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
  console.log(
    `refusals: ${sent} requests in ${seconds.toFixed(1)} s (${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}); service CPU ${cpu.toFixed(2)} s = ${((cpu / sent) * 1e6).toFixed(0)} µs a request`,
  );
} finally {
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
