import cluster, { type Worker } from 'node:cluster';
import { createServer, type Server, type Socket } from 'node:net';
import type { AppConfig } from '../config/app-config.js';
import { listeningWords } from '../config/listening-words.js';
import {
  firstLineComplete,
  instanceOf,
  MAX_FIRST_LINE,
  matchOfRequest,
  readModelsRequest,
} from './match-route.js';
import { type HandedConnection, isReady } from './messages.js';

/** How long a new connection may take to send its first line before it is closed. */
const FIRST_LINE_TIMEOUT_MS = 10_000;
/** How long an instance has to finish its requests and stop at a shutdown. */
const STOP_TIMEOUT_MS = 10_000;

/**
 * UMPIRE_INSTANCES > 1: this process owns the port and N instances of the service share the store.
 * The primary reads only the first line of each connection's first request, picks the instance of the
 * match it names (others in turn) and hands it the socket with those bytes; from then on the
 * connection is the instance's, so the primary's cost is one read and one hand-over per connection,
 * not per request. A keep-alive connection that later names another match is still answered right:
 * any instance serves any match (its appends check the expected revision). Instances start one after
 * another (so the store's migrations run once), and one that dies is started again.
 */
export async function runPrimary(config: AppConfig, entry: string): Promise<void> {
  const logger = primaryLog();
  cluster.setupPrimary({ exec: entry, execArgv: inheritedOptions(process.execArgv) });
  const instances: (Worker | undefined)[] = Array.from({ length: config.instances }, () => undefined);
  let stopping = false;
  let turn = 0;

  const start = (slot: number) =>
    new Promise<void>((ready, failed) => {
      // The webhook dispatcher, the read models and the referee results run in the first instance
      // only: one process follows the store for deliveries (each owed once), for ended matches, and
      // writes projections.db (the work is not done twice, and no two processes contend for its write
      // lock); the others read what it wrote.
      const worker = cluster.fork({
        UMPIRE_INSTANCE: String(slot),
        ...(slot > 0
          ? {
              UMPIRE_WEBHOOK_DISPATCH: 'off',
              UMPIRE_PROJECT_READ_MODELS: 'off',
              UMPIRE_REFEREE_RESULTS: 'off',
            }
          : {}),
      });
      const onExit = (code: number | null) =>
        failed(new Error(`instance ${slot} exited with ${code} while starting`));
      worker.once('exit', onExit);
      worker.on('message', (message: unknown) => {
        if (!isReady(message)) return;
        worker.off('exit', onExit);
        instances[slot] = worker;
        worker.once('exit', (code, signal) => {
          instances[slot] = undefined;
          if (stopping) return;
          logger.error(`instance ${slot} stopped (${signal ?? code}); starting it again`);
          start(slot).catch((error: unknown) => logger.error(String(error)));
        });
        ready();
      });
    });
  for (let slot = 0; slot < config.instances; slot++) await start(slot);

  const pick = (head: Buffer): Worker | undefined => {
    const match = matchOfRequest(head);
    const owner =
      match !== undefined
        ? instanceOf(match, instances.length)
        : readModelsRequest(head)
          ? 0
          : turn++ % instances.length;
    // While an owner is being started again, another instance serves its matches.
    for (let i = 0; i < instances.length; i++) {
      const worker = instances[(owner + i) % instances.length];
      if (worker?.isConnected()) return worker;
    }
    return undefined;
  };

  const server = createServer((socket) => handOver(socket, pick));
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(config.port, config.host, () => listening());
  });
  for (const words of listeningWords(config)) logger.log(words);

  const stop = () => {
    if (stopping) return;
    stopping = true;
    void shutDown(server, instances).finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** Reads a connection's first line, then hands the socket and what was read to its instance. */
function handOver(socket: Socket, pick: (head: Buffer) => Worker | undefined): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const timer = setTimeout(() => socket.destroy(), FIRST_LINE_TIMEOUT_MS);
  const onData = (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
    const head = Buffer.concat(chunks);
    if (!firstLineComplete(head) && size < MAX_FIRST_LINE) return;
    clearTimeout(timer);
    socket.off('data', onData);
    socket.pause();
    // Whatever the socket buffered past this chunk goes along too: the instance must see every byte.
    const rest: Buffer[] = [head];
    for (let more = socket.read() as Buffer | null; more !== null; more = socket.read() as Buffer | null) {
      rest.push(more);
    }
    stopReading(socket);
    const worker = pick(head);
    if (!worker) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      return;
    }
    const message: HandedConnection = { umpire: 'connection', head: Buffer.concat(rest).toString('base64') };
    worker.send(message, socket, (error) => {
      if (error) socket.destroy();
    });
  };
  socket.on('data', onData);
  socket.on('error', () => {
    clearTimeout(timer);
    socket.destroy();
  });
  socket.on('close', () => clearTimeout(timer));
}

/**
 * Leaves the connection's next bytes in the kernel, for the instance to read once it holds the socket.
 * pause() alone does not stop the handle reading: a request's body arriving just after its head
 * would be read here after the hand-over began, into a handle that no longer delivers anywhere, and
 * the instance would wait for it forever. Called after the last read() (which may start reading).
 */
function stopReading(socket: Socket): void {
  const handle = (socket as unknown as { _handle?: { reading?: boolean; readStop?: () => number } })._handle;
  if (!handle?.readStop) return;
  handle.reading = false;
  handle.readStop();
}

/** Stops listening, lets each instance finish and stop, and kills one that does not in time. */
async function shutDown(server: Server, instances: (Worker | undefined)[]): Promise<void> {
  server.close();
  await Promise.all(
    instances.map(async (worker) => {
      if (!worker || worker.isDead()) return;
      const exited = new Promise<void>((done) => worker.once('exit', () => done()));
      const timer = setTimeout(() => worker.kill('SIGKILL'), STOP_TIMEOUT_MS);
      worker.disconnect();
      await exited;
      clearTimeout(timer);
    }),
  );
}

/** The primary's own lines, in the service's JSON log format (pino's levels), without loading Nest. */
function primaryLog() {
  const line = (level: number, msg: string) =>
    process.stdout.write(
      `${JSON.stringify({ level, time: Date.now(), service: 'umpire', context: 'instances', msg })}\n`,
    );
  return { log: (msg: string) => line(30, msg), error: (msg: string) => line(50, msg) };
}

/** The primary's Node options an instance takes too (a CPU profile, a heap limit), without its script. */
export function inheritedOptions(execArgv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const option = execArgv[i]!;
    if (option === '-e' || option === '--eval' || option === '-p' || option === '--print') {
      i += 1; // and the code that follows it
      continue;
    }
    if (option.startsWith('--input-type') || option.startsWith('--eval=')) continue;
    out.push(option);
  }
  return out;
}
