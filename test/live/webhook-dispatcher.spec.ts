import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { MatchSecrets } from '../../src/match/match-secrets.service.js';
import { type AppConfig, configFromEnv } from '../../src/config/app-config.js';
import { InMemoryEventStore } from '../../src/event-store/memory/in-memory-event-store.js';
import { LiveFeeds } from '../../src/live/live-feeds.js';
import { WebhookDispatcher } from '../../src/live/webhooks/webhook-dispatcher.js';
import { WebhookSecrets } from '../../src/live/webhooks/webhook-secrets.js';
import { WebhookStore } from '../../src/live/webhooks/webhook-store.js';
import { WebhookTargets } from '../../src/live/webhooks/webhook-targets.js';
import { commandPath } from '../support/command-path.js';
import { MatchViewer } from '../../src/match/match-viewer.js';
import { SealedOrders } from '../../src/match/sealed-orders.js';
import type { ProjectionRunner } from '../../src/projections/projection-runner.js';
import type { TournamentsProjection } from '../../src/projections/tournaments.projection.js';
import { TournamentDirectory } from '../../src/tournament/tournament-directory.js';
import type { TournamentService } from '../../src/tournament/tournament.service.js';
import { Receiver } from '../e2e/organiser-support.js';
import { type Harness, projectionsOn } from '../projections/support/harness.js';
import { createTournament, schedule, Table } from '../projections/support/table.js';

/**
 * The dispatcher asks the tournaments read model which tournament a match's event belongs
 * to. When the read model cannot answer yet (it lags, or it has stopped), the event must wait, not be
 * dropped: the dispatcher's checkpoint stays before it and the event is read again later.
 */
describe('webhook dispatcher: a read model that cannot answer yet', () => {
  let dir: string;
  let store: InMemoryEventStore;
  let h: Harness;
  let webhooks: WebhookStore;
  let dispatcher: WebhookDispatcher;
  let receiver: Receiver;

  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(new Logger()));

  async function start(directory: TournamentDirectory): Promise<void> {
    const config: AppConfig = {
      ...configFromEnv({}),
      dataDir: dir,
      serverSecret: 'webhook-dispatcher-spec-secret',
      webhookBackoffMs: 20,
      webhookMaxAttempts: 3,
      webhookTimeoutMs: 2000,
    };
    webhooks = new WebhookStore(join(dir, 'webhooks.db'));
    const viewer = new MatchViewer(new SealedOrders(new MatchSecrets(config)));
    // The feeds' own tournament lookups are not used by the dispatcher.
    const { loader } = commandPath(store, config);
    const feeds = new LiveFeeds(store, loader, viewer, {} as TournamentService, config);
    // The receiver is on loopback, allowed here as a private deployment would allow its own network.
    const targets = new WebhookTargets(
      { webhookAllowedNetworks: ['127.0.0.0/8'] },
      { lookup: () => Promise.reject(new Error('no names in this test')) },
    );
    dispatcher = new WebhookDispatcher(
      store,
      webhooks,
      directory,
      feeds,
      new WebhookSecrets(config),
      config,
      targets,
    );
    await dispatcher.onApplicationBootstrap();
    webhooks.addWebhook({
      webhookId: 'wh_1',
      tournamentId: 'cup',
      url: receiver.url,
      nonce: 'nonce',
      createdAt: new Date().toISOString(),
      afterPosition: await dispatcher.head(),
      kinds: ['event', 'result'],
      commandId: null,
      registeredBy: null,
    });
  }

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'umpire-webhooks-'));
    store = new InMemoryEventStore();
    h = projectionsOn(store);
    receiver = await new Receiver().start();
    await createTournament(store, 'cup');
  });

  afterEach(async () => {
    await dispatcher.onModuleDestroy();
    webhooks.close();
    await h.stop();
    await receiver.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const delivered = (type: string) => (body: { kind: string; event?: { type: string } }) =>
    body.kind === 'event' && body.event?.type === type;

  it('a directory whose read model is behind once, then knows the tournament: the event is still delivered', async () => {
    // The tournaments read model is behind once: the runner cannot say it has read the event, and
    // the model does not know the match yet. From the next question on it is up to date.
    let behind = 0;
    let stale = false;
    let refusals = 0;
    const runner = Object.create(h.runner) as ProjectionRunner;
    runner.waitFor = async (name, position, timeoutMs) => {
      stale = behind > 0;
      if (stale) {
        behind -= 1;
        refusals += 1;
        return false;
      }
      return h.runner.waitFor(name, position, timeoutMs);
    };
    const tournaments = Object.create(h.tournaments) as TournamentsProjection;
    tournaments.scheduleOf = (matchId) => (stale ? undefined : h.tournaments.scheduleOf(matchId));
    await start(new TournamentDirectory(runner, tournaments));
    const match = await Table.create(store, 'm1', 'hand-to-hand', { A: 'Zulus', B: 'British' });
    await schedule(store, 'cup', 'm1', 1, 1);
    await receiver.waitFor(delivered('MatchScheduled'));
    behind = 1; // for the next event of m1
    await match.play({ type: 'RegisterUnit', unitId: 'impi', name: 'Impi', side: 'A', morale: 8, move: 6 });
    await receiver.waitFor(delivered('UnitRegistered'));
    expect(refusals).toBe(1);
    expect(receiver.received.map((r) => JSON.parse(r.body).event.type)).toEqual([
      'MatchScheduled',
      'UnitRegistered',
    ]);
  });

  it('while the tournaments read model is stopped, a match’s events wait for it rather than being dropped', async () => {
    await start(new TournamentDirectory(h.runner, h.tournaments));
    const match = await Table.create(store, 'm2', 'hand-to-hand', { A: 'Zulus', B: 'British' });
    await h.runner.stop(); // the read model no longer moves: it cannot say where m2 plays
    await schedule(store, 'cup', 'm2', 1, 1);
    await match.play({ type: 'RegisterUnit', unitId: 'impi', name: 'Impi', side: 'A', morale: 8, move: 6 });
    await receiver.waitFor(delivered('MatchScheduled'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(1);
    h.runner.start(); // it comes back and catches up
    await receiver.waitFor(delivered('UnitRegistered'));
    expect(receiver.received).toHaveLength(2);
  });
});
