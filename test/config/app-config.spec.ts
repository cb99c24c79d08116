import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateServerSecret } from '../../src/config/server-secret.js';
import { configFromEnv, organiserKeyProblem } from '../../src/config/app-config.js';

describe('configuration: the organiser key and the server secret', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'umpire-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('UMPIRE_ORGANISER_KEY must be long and random enough, or the service does not start', () => {
    for (const weak of [
      'short',
      'a'.repeat(64),
      'password'.repeat(5),
      'abcdefghabcdefghabcdefghabcdefgh',
      'correct horse battery staple correct horse',
    ]) {
      expect(() => configFromEnv({ UMPIRE_ORGANISER_KEY: weak })).toThrow(/UMPIRE_ORGANISER_KEY/);
    }
    const hex = randomBytes(32).toString('hex');
    const base64 = randomBytes(32).toString('base64');
    expect(configFromEnv({ UMPIRE_ORGANISER_KEY: hex }).organiserKey).toBe(hex);
    expect(configFromEnv({ UMPIRE_ORGANISER_KEY: base64 }).organiserKey).toBe(base64);
    expect(organiserKeyProblem('a'.repeat(64))).toMatch(/different characters/);
  });

  it('UMPIRE_SERVER_SECRET_FILE keeps the server secret outside the data folder: created owner-only, then reused', () => {
    const file = join(dir, 'secrets', 'umpire-server-secret');
    const first = configFromEnv({ UMPIRE_SERVER_SECRET_FILE: file, UMPIRE_DATA_DIR: join(dir, 'data') });
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = configFromEnv({ UMPIRE_SERVER_SECRET_FILE: file });
    expect(second.serverSecret).toEqual(first.serverSecret);
    // Every user of the secret derives from these bytes, and the data folder holds none.
    expect(loadOrCreateServerSecret(first.dataDir, first.serverSecret)).toEqual(first.serverSecret);
    expect(existsSync(join(dir, 'data', 'server-secret'))).toBe(false);
  });

  it('a data folder’s server-secret file, moved out, gives the same secret', () => {
    const data = join(dir, 'data');
    const generated = loadOrCreateServerSecret(data);
    const moved = join(dir, 'moved-secret');
    writeFileSync(moved, readFileSync(join(data, 'server-secret')));
    expect(configFromEnv({ UMPIRE_SERVER_SECRET_FILE: moved }).serverSecret).toEqual(generated);
  });

  it('the secret as text or as a file, not both; a file that is not a secret is refused', () => {
    const file = join(dir, 'secret');
    expect(() => configFromEnv({ UMPIRE_SERVER_SECRET: 'x', UMPIRE_SERVER_SECRET_FILE: file })).toThrow(
      /not both/,
    );
    writeFileSync(file, 'not hex at all');
    expect(() => configFromEnv({ UMPIRE_SERVER_SECRET_FILE: file })).toThrow(/hex/);
  });
});

describe('configuration: the HTTP surface', () => {
  it('UMPIRE_CORS_ORIGINS lists origins, none by default; a path or trailing slash fails the start', () => {
    expect(configFromEnv({}).corsOrigins).toEqual([]);
    expect(
      configFromEnv({ UMPIRE_CORS_ORIGINS: 'https://club.example, http://localhost:5173' }).corsOrigins,
    ).toEqual(['https://club.example', 'http://localhost:5173']);
    expect(configFromEnv({ UMPIRE_CORS_ORIGINS: '*' }).corsOrigins).toEqual(['*']);
    for (const wrong of [
      'https://club.example/',
      'https://club.example/watch',
      'club.example',
      'ftp://x.example',
    ])
      expect(() => configFromEnv({ UMPIRE_CORS_ORIGINS: wrong })).toThrow(/UMPIRE_CORS_ORIGINS/);
  });

  it('UMPIRE_METRICS_PUBLIC is off by default; stream tickets wait 60 s unless set', () => {
    expect(configFromEnv({}).metricsPublic).toBe(false);
    expect(configFromEnv({ UMPIRE_METRICS_PUBLIC: '1' }).metricsPublic).toBe(true);
    expect(configFromEnv({}).streamTicketTtlMs).toBe(60_000);
    expect(() => configFromEnv({ UMPIRE_STREAM_TICKET_TTL_MS: '10' })).toThrow(/UMPIRE_STREAM_TICKET_TTL_MS/);
  });

  it('UMPIRE_FAIR_QUEUE_*: a key may use twice the others’ mean while saturated (lag 20 ms, loop 80% busy), 16 wait per key, use halves every 2 s, none waits over 1 s; share 0 turns it off', () => {
    expect(configFromEnv({})).toMatchObject({
      fairQueueShare: 2,
      fairQueuePerKey: 16,
      fairQueueLagMs: 20,
      fairQueueBusyPercent: 80,
      fairQueueCostHalfLifeMs: 2000,
      fairQueueMaxWaitMs: 1000,
    });
    expect(
      configFromEnv({
        UMPIRE_FAIR_QUEUE_SHARE: '0',
        UMPIRE_FAIR_QUEUE_PER_KEY: '4',
        UMPIRE_FAIR_QUEUE_LAG_MS: '50',
        UMPIRE_FAIR_QUEUE_BUSY_PERCENT: '95',
        UMPIRE_FAIR_QUEUE_COST_HALF_LIFE_MS: '500',
      }),
    ).toMatchObject({
      fairQueueShare: 0,
      fairQueuePerKey: 4,
      fairQueueLagMs: 50,
      fairQueueBusyPercent: 95,
      fairQueueCostHalfLifeMs: 500,
    });
    for (const [name, wrong] of [
      ['UMPIRE_FAIR_QUEUE_SHARE', '1.5'],
      ['UMPIRE_FAIR_QUEUE_PER_KEY', '0'],
      ['UMPIRE_FAIR_QUEUE_LAG_MS', '0'],
      ['UMPIRE_FAIR_QUEUE_BUSY_PERCENT', '101'],
      ['UMPIRE_FAIR_QUEUE_BUSY_PERCENT', '0.5'],
      ['UMPIRE_FAIR_QUEUE_COST_HALF_LIFE_MS', '5'],
      ['UMPIRE_FAIR_QUEUE_MAX_WAIT_MS', '0'],
    ] as const)
      expect(() => configFromEnv({ [name]: wrong })).toThrow(new RegExp(name));
  });
});
