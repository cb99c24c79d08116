import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpClient } from './support/http-client.js';
import { ORGANISER_KEY, Service } from './support/service.js';

/**
 * A tournament day's reads as its pages make them: every phone, the desk, the hall and the judges read
 * the rounds, the participants and the standings again at each change of the tournament. Measured on a
 * field of BENCH_TOURNAMENT_PLAYERS (200) after round 1 and after BENCH_TOURNAMENT_ROUNDS (6) rounds:
 * the service's CPU per read, and its ratio, which stays near 1 when a read's cost does not grow with
 * the tournament's history; and the same reads sent with the ETag of the last answer (If-None-Match), as
 * a phone's browser revalidates what it holds. BENCH_BASELINE_MAIN measures another build beside this one;
 * BENCH_TOURNAMENT_PROFILE_DIR writes a CPU profile of this build's service there.
 */
const PLAYERS = Number(process.env.BENCH_TOURNAMENT_PLAYERS ?? 200);
const ROUNDS = Number(process.env.BENCH_TOURNAMENT_ROUNDS ?? 6);
const READS = Number(process.env.BENCH_TOURNAMENT_READS ?? 300);
const T = 'bench-day';

const READ_PATHS = [
  `/tournaments/${T}/rounds?limit=100`,
  `/tournaments/${T}/participants?limit=100`,
  `/tournaments/${T}/standings`,
];

async function expectOk(reply: Promise<{ status: number; text: string }>, what: string): Promise<void> {
  const { status, text } = await reply;
  if (status >= 300) throw new Error(`${what}: ${status} ${text.slice(0, 300)}`);
}

let commandNo = 0;
const commandId = () => `bench-${++commandNo}`;

async function playRound(org: HttpClient, round: number): Promise<void> {
  await expectOk(
    org.post(`/tournaments/${T}/rounds`, { commandId: commandId(), round, method: 'swiss' }),
    'pair',
  );
  await expectOk(org.post(`/tournaments/${T}/rounds/${round}/start`, { commandId: commandId() }), 'start');
  const tables = PLAYERS / 2;
  for (let table = 1; table <= tables; table++) {
    await expectOk(
      org.post(`/tournaments/${T}/rounds/${round}/tables/${table}/override`, {
        commandId: commandId(),
        outcome: table % 3 === 0 ? 'draw' : table % 2 === 0 ? 'A' : 'B',
        reason: 'bench result',
      }),
      `result of table ${table}`,
    );
  }
}

/** CPU of the service per read, in ms, over READS reads of each path in turn. */
async function readCost(service: Service, org: HttpClient): Promise<number> {
  for (const path of READ_PATHS) await expectOk(org.get(path), path); // warm
  const before = service.cpuSeconds() ?? 0;
  for (let i = 0; i < READS; i++) await expectOk(org.get(READ_PATHS[i % READ_PATHS.length]!), 'read');
  return (((service.cpuSeconds() ?? 0) - before) * 1000) / READS;
}

/**
 * CPU of the service per read, in ms, as readCost, each read sent with the ETag its path answered
 * last: a 304 where the build has validators, a 200 where it has none.
 */
async function revalidatedCost(service: Service): Promise<{ ms: number; notModified: number }> {
  const clients: HttpClient[] = [];
  for (const path of READ_PATHS) {
    const answer = await fetch(`${service.url}${path}`, {
      headers: { authorization: `Bearer ${ORGANISER_KEY}` },
    });
    await answer.arrayBuffer();
    const etag = answer.headers.get('etag');
    clients.push(new HttpClient(service.url, ORGANISER_KEY, 1, etag ? { 'if-none-match': etag } : {}));
  }
  try {
    const read = async (i: number): Promise<boolean> => {
      const reply = await client(i).get(READ_PATHS[i % READ_PATHS.length]!);
      if (reply.status >= 300 && reply.status !== 304) {
        throw new Error(`read: ${reply.status} ${reply.text.slice(0, 300)}`);
      }
      return reply.status === 304;
    };
    for (let i = 0; i < clients.length; i++) await read(i); // warm
    let notModified = 0;
    const before = service.cpuSeconds() ?? 0;
    for (let i = 0; i < READS; i++) if (await read(i)) notModified += 1;
    return { ms: (((service.cpuSeconds() ?? 0) - before) * 1000) / READS, notModified };
  } finally {
    for (const c of clients) c.close();
  }
  function client(i: number): HttpClient {
    return clients[i % clients.length]!;
  }
}

interface Figures {
  first: number;
  last: number;
  revalidated: number;
  notModified: number;
  report: number;
}

async function measure(main?: string): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bench-day-'));
  const profileDir = process.env.BENCH_TOURNAMENT_PROFILE_DIR;
  const service = await Service.start({
    dataDir,
    ...(main ? { main } : {}),
    ...(profileDir && !main ? { profileDir } : {}),
  });
  const org = service.organiser;
  try {
    await expectOk(
      org.post('/tournaments', { commandId: commandId(), tournamentId: T, name: 'Bench day' }),
      'create',
    );
    for (let i = 1; i <= PLAYERS; i++) {
      await expectOk(
        org.post(`/tournaments/${T}/participants`, { commandId: commandId(), name: `Player ${i}`, seed: i }),
        'register',
      );
      await expectOk(
        org.post(`/tournaments/${T}/participants/p${i}/check-in`, { commandId: commandId() }),
        'check in',
      );
    }
    await playRound(org, 1);
    const first = await readCost(service, org);
    for (let round = 2; round <= ROUNDS; round++) await playRound(org, round);
    const last = await readCost(service, org);
    const { ms: revalidated, notModified } = await revalidatedCost(service);
    // A result at the end of the day: one command, as the desk sends it.
    const before = service.cpuSeconds() ?? 0;
    const tables = PLAYERS / 2;
    for (let table = 1; table <= tables; table++) {
      await expectOk(
        org.post(`/tournaments/${T}/rounds/${ROUNDS}/tables/${table}/override`, {
          commandId: commandId(),
          outcome: 'draw',
          reason: 'bench correction',
        }),
        'override',
      );
    }
    const report = (((service.cpuSeconds() ?? 0) - before) * 1000) / tables;
    return { first, last, revalidated, notModified, report };
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const baseline = process.env.BENCH_BASELINE_MAIN;
const ms = (n: number) => `${n.toFixed(2)} ms`;
console.log(`tournament day: ${PLAYERS} players, ${ROUNDS} rounds, CPU of the service per request`);
for (const [name, main] of [
  ['this build', undefined],
  ...(baseline ? [['baseline', baseline] as const] : []),
] as const) {
  const { first, last, revalidated, notModified, report } = await measure(main);
  console.log(
    `  ${name}: a read after round 1 ${ms(first)}, after round ${ROUNDS} ${ms(last)} (×${(last / first).toFixed(2)}); with If-None-Match ${ms(revalidated)} (×${(revalidated / last).toFixed(2)} of a read, ${notModified}/${READS} answered 304); a desk override at round ${ROUNDS} ${ms(report)}`,
  );
}
