import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KeyRegistry } from '../../src/auth/key-registry.service.js';
import { configFromEnv } from '../../src/config/app-config.js';
import type { ReadStreamOptions, RecordedEvent } from '../../src/event-store/event-store.port.js';
import { InMemoryEventStore } from '../../src/event-store/memory/in-memory-event-store.js';

/**
 * One store, two instances' key registries. The second reads the store as a network store does: what
 * a read sees is fixed when it is sent, and the answer comes a while later.
 */
class SlowReads extends InMemoryEventStore {
  constructor(
    private readonly shared: InMemoryEventStore,
    private readonly delayMs: number,
  ) {
    super();
  }

  override async readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    const seen = await this.shared.readStream(stream, options);
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    return seen;
  }
}

const ORGANISER = 'organiser-key-of-the-two-instances-test-0123456789';

describe('C-6 keys issued through another instance on the same store', () => {
  let dataDir: string;
  const registries: KeyRegistry[] = [];

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'umpire-key-instances-'));
  });
  afterEach(() => {
    for (const registry of registries.splice(0)) registry.onModuleDestroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function registry(store: InMemoryEventStore): Promise<KeyRegistry> {
    const config = { ...configFromEnv({}), dataDir, organiserKey: ORGANISER };
    const keys = new KeyRegistry(store, config);
    await keys.onModuleInit();
    registries.push(keys);
    return keys;
  }

  it('C-6 given a read of the keys under way on one instance, when another issues a key, then the first takes it', async () => {
    const shared = new InMemoryEventStore();
    const issuing = await registry(shared);
    const checking = await registry(new SlowReads(shared, 200));
    // given: a read of the keys stream under way on the checking instance, sent before the key exists
    const underWay = checking.grant('nobody');
    // when: the other instance issues a key, and it is used at once on the checking instance
    const issued = await issuing.issue({ role: 'player', matchId: 'm-1', side: 'A' }, { role: 'organiser' });
    const grant = await checking.verify(issued.token);
    // then: the key is found by a read made after it was issued, not refused from the older read
    expect(grant?.keyId).toBe(issued.grant.keyId);
    await underWay;
  });

  it('C-6 given a key revoked through one instance, when it is used on the other, then it is refused', async () => {
    const shared = new InMemoryEventStore();
    const revoking = await registry(shared);
    const checking = await registry(new SlowReads(shared, 50));
    const issued = await revoking.issue({ role: 'spectator' }, { role: 'organiser' });
    expect((await checking.verify(issued.token))?.keyId).toBe(issued.grant.keyId);
    // when
    await revoking.revoke(issued.grant.keyId, { role: 'organiser' });
    // then: the revoking instance refuses it at once; the other within its refresh time
    expect(await revoking.verify(issued.token)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await checking.verify(issued.token)).toBeUndefined();
  });
});
