import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../audit/support/cli.js';
import { buildServiceInto } from './support/child-service.js';
import { Caller, ORGANISER_KEY } from './support/umpire-client.js';
import { instanceOf } from '../../src/cluster/match-route.js';

/**
 * UMPIRE_INSTANCES=2: the built service as a real child process, a primary that owns the port and two
 * instances over one SQLite file. Each connection goes to the instance of the match its first request
 * names; whatever a connection sends later, and whichever instance a match's commands reach, every
 * answer is right and nothing is lost.
 */
const BUILT = join(REPO_ROOT, 'node_modules', '.cache', 'umpire-instances-e2e');
/** How long one request may wait for its answer (three processes on a loaded CI machine). */
const ANSWER_MS = 20_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The processes whose parent is `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** One keep-alive connection: every request below goes over the same socket, one after another. */
function oneConnection(url: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(url);
  const sockets = new Set<unknown>();
  const send = (method: string, path: string, body?: object) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are asserted field by field
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const payload = body ? JSON.stringify(body) : undefined;
      const req = httpRequest(
        {
          agent,
          host: hostname,
          port,
          method,
          path,
          headers: {
            authorization: `Bearer ${ORGANISER_KEY}`,
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }),
          );
        },
      );
      req.on('socket', (socket) => sockets.add(socket));
      // A request left unanswered fails naming itself, rather than the whole test timing out.
      req.setTimeout(ANSWER_MS, () =>
        req.destroy(new Error(`${method} ${path}: no answer within ${ANSWER_MS} ms`)),
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { send, sockets, close: () => agent.destroy() };
}

/** Two match ids the routing gives to different instances. */
function idsOnBothInstances(prefix: string): [string, string] {
  const found: string[] = [];
  for (let i = 0; found.length < 2; i++) {
    const id = `${prefix}-${i}`;
    if (instanceOf(id, 2) === found.length) found.push(id);
  }
  return [found[0]!, found[1]!];
}

const unit = (unitId: string, side: 'A' | 'B') => ({ unitId, name: unitId, side, morale: 8, move: 6 });

describe('UMPIRE_INSTANCES=2: one port, two instances, one store', () => {
  let dir: string;
  let child: ChildProcess;
  let url: string;
  /** What the service wrote (its warnings and errors, the primary's lines), for a failure to show. */
  let output = '';

  /** The promise's value, or an error naming the step and the last of what the service wrote. */
  async function within<T>(step: string, pending: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(`${step}: no answer within ${ANSWER_MS} ms; the service said: ${output.slice(-4000)}`),
          ),
        ANSWER_MS,
      );
    });
    try {
      return await Promise.race([pending, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'umpire-instances-e2e-'));
    rmSync(BUILT, { recursive: true, force: true });
    await buildServiceInto(BUILT);
    const port = await freePort();
    const { NODE_OPTIONS: _jestFlags, ...inherited } = process.env;
    child = spawn(process.execPath, [join(BUILT, 'src', 'main.js')], {
      cwd: REPO_ROOT,
      env: {
        ...inherited,
        UMPIRE_DATA_DIR: dir,
        PORT: String(port),
        HOST: '127.0.0.1',
        UMPIRE_INSTANCES: '2',
        UMPIRE_SQLITE_SYNCHRONOUS: 'NORMAL',
        UMPIRE_ORGANISER_KEY: ORGANISER_KEY,
        UMPIRE_LOG_LEVEL: 'warn',
        UMPIRE_WEBHOOK_DISPATCH: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    url = `http://127.0.0.1:${port}`;
    for (const started = Date.now(); ;) {
      if (child.exitCode !== null) throw new Error(`the service exited ${child.exitCode}: ${output}`);
      const up = await new Caller(url, undefined)
        .get('/health/ready')
        .then((r) => r.status === 200)
        .catch(() => false);
      if (up) break;
      if (Date.now() - started > 120_000) throw new Error(`the service did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 400_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
    rmSync(BUILT, { recursive: true, force: true });
  });

  it('C-3 two instance processes serve the one port', () => {
    expect(childrenOf(child.pid!)).toHaveLength(2);
  });

  it('C-3 a keep-alive connection that names one match, then another owned by the other instance, is answered right for both', async () => {
    const [first, second] = idsOnBothInstances('keep');
    const connection = oneConnection(url);
    try {
      for (const matchId of [first, second]) {
        const created = await connection.send('POST', '/matches', {
          commandId: `create-${matchId}`,
          matchId,
          ruleset: 'hand-to-hand',
          sides: { A: 'Zulus', B: 'NNC' },
          diceMode: 'table',
        });
        expect(created.status).toBe(201);
      }
      // The connection now belongs to whichever instance its first request went to; both matches
      // take commands over it, and both answers show the state the store holds.
      for (const [i, matchId] of [first, second, first, second].entries()) {
        const reply = await connection.send('POST', `/matches/${matchId}/units`, {
          commandId: `unit-${matchId}-${i}`,
          ...unit(`u${i}`, i % 2 === 0 ? 'A' : 'B'),
        });
        expect(reply.status).toBe(201);
      }
      expect(connection.sockets.size).toBe(1);
      const org = new Caller(url, ORGANISER_KEY);
      for (const matchId of [first, second]) {
        const seen = await org.get(`/matches/${matchId}`);
        expect(seen.body.revision).toBe(3);
        expect(Object.keys(seen.body.state.units).sort()).toEqual(
          matchId === first ? ['u0', 'u2'] : ['u1', 'u3'],
        );
      }
    } finally {
      connection.close();
    }
  });

  it('C-3 commands on one match through connections held by both instances all land, in one order, none lost', async () => {
    const [onFirst, onSecond] = idsOnBothInstances('hold');
    const shared = 'shared-race';
    const org = new Caller(url, ORGANISER_KEY);
    await org.command('/matches', {
      matchId: shared,
      ruleset: 'hand-to-hand',
      sides: { A: 'A', B: 'B' },
      diceMode: 'table',
    });
    // Each connection's first request names a match of one instance: it is held by that instance.
    const connections = [oneConnection(url), oneConnection(url)];
    try {
      expect((await connections[0]!.send('GET', `/matches/${onFirst}`)).status).toBe(404);
      expect((await connections[1]!.send('GET', `/matches/${onSecond}`)).status).toBe(404);
      const replies = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          connections[i % 2]!.send('POST', `/matches/${shared}/units`, {
            commandId: `race-${i}`,
            ...unit(`r${i}`, i % 2 === 0 ? 'A' : 'B'),
          }),
        ),
      );
      expect(replies.map((r) => r.status)).toEqual(Array.from({ length: 24 }, () => 201));
      const revisions = replies.map((r) => r.body.revision as number).sort((a, b) => a - b);
      expect(revisions).toEqual(Array.from({ length: 24 }, (_, i) => i + 2));
      const [a, b] = await Promise.all(connections.map((c) => c.send('GET', `/matches/${shared}`)));
      expect(a!.body.revision).toBe(25);
      expect(b!.body).toEqual(a!.body);
    } finally {
      for (const c of connections) c.close();
    }
  });

  it('C-6 a player key issued through one instance is taken at once by the instance of its match', async () => {
    const [held, played] = idsOnBothInstances('seat');
    const org = new Caller(url, ORGANISER_KEY);
    await within(
      'creating the match',
      org.command('/matches', {
        matchId: played,
        ruleset: 'hand-to-hand',
        sides: { A: 'A', B: 'B' },
        diceMode: 'table',
      }),
    );
    // The connection is held by the instance of `held`; the key is for `played`, of the other one.
    const connection = oneConnection(url);
    try {
      expect((await connection.send('GET', `/matches/${held}`)).status).toBe(404);
      for (let seat = 0; seat < 3; seat++) {
        const issued = await connection.send('POST', '/keys', { role: 'player', matchId: played, side: 'A' });
        expect(issued.status).toBe(201);
        const player = new Caller(url, issued.body.token as string);
        const reply = await within(
          `seat ${seat}: the new key's first command`,
          player.post(`/matches/${played}/units`, { commandId: `seat-${seat}`, ...unit(`s${seat}`, 'A') }),
        );
        expect(reply.status).toBe(201);
      }
    } finally {
      connection.close();
    }
  }, 90_000);

  it('C-3 a request whose body follows its head at once is handed over whole, on every new connection', async () => {
    // Head and body in two writes, back to back: the body is often in the kernel already when the
    // primary hands the socket over, and must reach the instance, not the primary's handle.
    const { port } = new URL(url);
    const send = (i: number) =>
      new Promise<string>((resolve, reject) => {
        const body = JSON.stringify({
          commandId: `split-${i}`,
          matchId: `split-${i}`,
          ruleset: 'hand-to-hand',
          sides: { A: 'A', B: 'B' },
          diceMode: 'table',
        });
        const socket = connect(Number(port), '127.0.0.1');
        socket.setNoDelay(true);
        let text = '';
        const late = setTimeout(() => {
          socket.destroy();
          resolve(`connection ${i}: no answer within ${ANSWER_MS} ms`);
        }, ANSWER_MS);
        socket.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          if (/\r\n\r\n[\s\S]*\}$/.test(text)) {
            clearTimeout(late);
            socket.end();
            resolve(text.split('\r\n')[0]!);
          }
        });
        socket.on('error', reject);
        socket.on('connect', () => {
          socket.write(
            `POST /matches HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${ORGANISER_KEY}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
          );
          socket.write(body);
        });
      });
    const answers: string[] = [];
    for (let batch = 0; batch < 4; batch++) {
      answers.push(...(await Promise.all(Array.from({ length: 25 }, (_, i) => send(batch * 25 + i)))));
    }
    expect(answers).toEqual(Array.from({ length: 100 }, () => 'HTTP/1.1 201 Created'));
  }, 120_000);

  it('C-3 a request whose first line arrives in pieces, its body later, is handed over whole', async () => {
    const body = JSON.stringify({
      commandId: 'slow-create',
      matchId: 'slow-1',
      ruleset: 'hand-to-hand',
      sides: { A: 'A', B: 'B' },
      diceMode: 'table',
    });
    const { port } = new URL(url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        if (/\r\n\r\n[\s\S]*\}$/.test(text)) {
          socket.end();
          resolve(text);
        }
      });
      socket.on('error', reject);
      const pieces = [
        'POST /mat',
        'ches HTTP/1.1\r\nHost: 127.0.0.1\r\n',
        `Authorization: Bearer ${ORGANISER_KEY}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
        body,
      ];
      pieces.forEach((piece, i) => setTimeout(() => socket.write(piece), i * 50));
    });
    expect(answer.startsWith('HTTP/1.1 201')).toBe(true);
    expect((await new Caller(url, ORGANISER_KEY).get('/matches/slow-1')).body.revision).toBe(1);
  });
});
