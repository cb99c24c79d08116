import { MatchSecrets } from '../../src/match/match-secrets.service.js';
import { type AppConfig, configFromEnv } from '../../src/config/app-config.js';
import type { EventStore } from '../../src/event-store/event-store.port.js';
import { MatchAggregates } from '../../src/match/match-aggregates.js';
import { MatchCommandService } from '../../src/match/match-command.service.js';
import { MatchLoader } from '../../src/match/match-loader.js';
import { MatchLocks } from '../../src/match/match-locks.js';
import { MatchViewer } from '../../src/match/match-viewer.js';
import { SealedOrders } from '../../src/match/sealed-orders.js';
import { InMemorySnapshotStore, type SnapshotStore } from '../../src/match/snapshots/snapshot-store.js';

/**
 * The match command path as the service wires it (aggregate cache, snapshots, sealed orders, server
 * dice), without Nest or HTTP: one of these is one service instance. Two on one store are two
 * instances sharing it.
 */
export function commandPath(
  store: EventStore,
  overrides: Partial<AppConfig> = {},
  snapshots: SnapshotStore = new InMemorySnapshotStore(),
): {
  commands: MatchCommandService;
  aggregates: MatchAggregates;
  loader: MatchLoader;
  viewer: MatchViewer;
  secrets: MatchSecrets;
  snapshots: SnapshotStore;
  config: AppConfig;
} {
  const config = { ...configFromEnv({}), serverSecret: 'command-path-test-secret', ...overrides };
  const secrets = new MatchSecrets(config);
  const sealed = new SealedOrders(secrets);
  const viewer = new MatchViewer(sealed);
  const aggregates = new MatchAggregates(store, snapshots, config);
  const commands = new MatchCommandService(
    store,
    config,
    aggregates,
    secrets,
    sealed,
    viewer,
    new MatchLocks(),
  );
  return {
    commands,
    aggregates,
    loader: new MatchLoader(aggregates),
    viewer,
    secrets,
    snapshots,
    config,
  };
}
