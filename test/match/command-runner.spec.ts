import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MatchSecrets } from '../../src/audit/match-secrets.service.js';
import type { Principal } from '../../src/auth/principal.js';
import { configFromEnv } from '../../src/config/app-config.js';
import type { AppendOptions, AppendResult, NewEvent } from '../../src/event-store/event-store.port.js';
import { InMemoryEventStore } from '../../src/event-store/memory/in-memory-event-store.js';
import { MatchCommandRunner, type MatchCommandRequest } from '../../src/match/command-runner.js';
import { MatchViewer } from '../../src/match/match-viewer.js';
import { SealedOrders } from '../../src/match/sealed-orders.js';

/** An in-memory store that lets a test slip a competing append in just before the runner's own. */
class RacingStore extends InMemoryEventStore {
  beforeNextAppend?: () => Promise<void>;

  override async append(stream: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const race = this.beforeNextAppend;
    this.beforeNextAppend = undefined;
    if (race) await race();
    return super.append(stream, events, options);
  }
}

describe('MatchCommandRunner', () => {
  let folder: string;
  let store: RacingStore;
  let runner: MatchCommandRunner;
  const organiser: Principal = { keyId: 'org', role: 'organiser' };

  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'umpire-runner-'));
    store = new RacingStore();
    const secrets = new MatchSecrets({ ...configFromEnv({}), dataDir: folder });
    const sealedOrders = new SealedOrders(secrets);
    runner = new MatchCommandRunner(store, secrets, sealedOrders, new MatchViewer(sealedOrders));
    await runner.execute({
      matchId: 'm1',
      commandId: 'create',
      principal: organiser,
      rulesetId: 'hand-to-hand',
      command: { type: 'CreateMatch', matchId: 'm1', sides: { A: 'Zulus', B: 'British' }, diceMode: 'table' },
    });
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const register = (commandId: string, unitId: string): MatchCommandRequest => ({
    matchId: 'm1',
    commandId,
    principal: organiser,
    command: { type: 'RegisterUnit', unitId, name: unitId, side: 'A', morale: 8, move: 6 },
  });

  it('C-3 on a conflict it loads the match again and decides again, against the state the other command left', async () => {
    // given another command registers unit u1 while ours is being decided
    store.beforeNextAppend = () => runner.execute(register('theirs', 'u1')).then(() => undefined);
    // when ours registers the same unit id
    const ours = runner.execute(register('ours', 'u1'));
    // then ours is decided again on the new state, where u1 exists, and refused; nothing of ours is appended
    await expect(ours).rejects.toMatchObject({ ruleId: expect.stringMatching(/^(C-6|HH-1)$/) });
    const events = await store.readStream('match-m1');
    expect(events.filter((e) => e.metadata.commandId === 'ours')).toEqual([]);
    expect(events.filter((e) => e.type === 'UnitRegistered')).toHaveLength(1);
  });

  it('C-3 a conflict with a command that does not clash ends with both appended, in order', async () => {
    store.beforeNextAppend = () => runner.execute(register('theirs', 'u1')).then(() => undefined);
    const ours = await runner.execute(register('ours', 'u2'));
    expect(ours.revision).toBe(3);
    const units = (await store.readStream('match-m1')).filter((e) => e.type === 'UnitRegistered');
    expect(units.map((e) => (e.data as { unitId: string }).unitId)).toEqual(['u1', 'u2']);
  });

  it('C-6 a commandId sent again with another command is refused, not answered with the first result', async () => {
    await runner.execute(register('reused', 'u1'));
    await expect(runner.execute(register('reused', 'u2'))).rejects.toMatchObject({
      ruleId: 'C-6',
      message: expect.stringContaining('reused'),
    });
    expect((await store.readStream('match-m1')).filter((e) => e.type === 'UnitRegistered')).toHaveLength(1);
  });

  it('C-6 the same commandId twice appends once and returns the first result', async () => {
    const first = await runner.execute(register('once', 'u1'));
    const again = await runner.execute(register('once', 'u1'));
    expect(again).toMatchObject({ duplicate: true, revision: first.revision, events: first.events });
    expect(await store.readStream('match-m1')).toHaveLength(2);
  });
});
