import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newKeyId, newToken } from '../../src/auth/api-key.js';
import type { Database, Statement } from 'better-sqlite3';
import { sealBatch } from '../../src/event-store/envelope.js';
import type {
  Actor,
  AppendOptions,
  NewEvent,
  RecordedEvent,
} from '../../src/event-store/event-store.port.js';
import { GENESIS_HASH } from '../../src/event-store/hash-chain.js';
import { SqliteEventStore } from '../../src/event-store/sqlite/sqlite-event-store.js';
import { MatchAggregate } from '../../src/match/match-aggregate.js';
import { matchStream } from '../../src/match/match-stream.js';
import { SqliteSnapshotStore } from '../../src/match/snapshots/sqlite-snapshot-store.js';
import { NO_DICE, TableDice } from '../../src/rules/common/dice.js';
import type { RulesetRef } from '../../src/rules/common/ruleset-ref.js';
import {
  handToHand,
  type HandToHandCommand,
  type HandToHandState,
} from '../../src/rules/hand-to-hand/index.js';
import { MORALE, stepOf, UNITS } from './cycle.js';

/**
 * Builds matches of any length straight into the service's files, before it starts, so that a 100k-event
 * match takes seconds instead of an hour over HTTP. Each command is decided by the ruleset's own pure
 * decide and recorded as the service's SQLite store records an append (one per command: its events
 * sealed onto the hash chain with the envelope's sealBatch, the same INSERT, the actor of the key that
 * sent it), many commands to a transaction; the snapshots the service would have
 * saved every K events are saved too, and the player keys are issued into the keys stream. The result
 * is indistinguishable from a match played over HTTP, to the service that opens it.
 */

/**
 * SNAPSHOT_FORMAT of src/match/match-aggregates.ts (not exported), read from its source so that the
 * seed's snapshots never fall behind the service's: a stale format makes every grown match fold
 * from its first event, and the cold-GET figures measure that instead.
 */
const SNAPSHOT_FORMAT = Number(
  /const SNAPSHOT_FORMAT = (\d+);/.exec(
    readFileSync(new URL('../../src/match/match-aggregates.ts', import.meta.url), 'utf8'),
  )?.[1] ?? Number.NaN,
);
if (!Number.isInteger(SNAPSHOT_FORMAT))
  throw new Error('SNAPSHOT_FORMAT not found in src/match/match-aggregates.ts');
const ORGANISER: Actor = { role: 'organiser', keyId: 'configured' };
/** Commands recorded per transaction. */
const BATCH = 5000;

export interface SeededMatch {
  matchId: string;
  events: number;
  /** The next step of the cycle (see cycle.ts). */
  nextStep: number;
  tokens: { A: string; B: string };
}

export class Seeder {
  private readonly store: SqliteEventStore;
  private readonly snapshots: SqliteSnapshotStore;
  private readonly db: Database;
  private readonly insert: Statement<[string, number, string, string, string, string, string]>;

  constructor(
    dataDir: string,
    private readonly snapshotEvery = 1000,
  ) {
    // Seeding is set-up, not the thing measured: NORMAL spares an fsync per group.
    this.store = new SqliteEventStore({ file: join(dataDir, 'umpire.db'), synchronous: 'NORMAL' });
    this.snapshots = new SqliteSnapshotStore(join(dataDir, 'snapshots.db'));
    // The store's own connection (it has created the schema); the same INSERT as its appends.
    this.db = this.store.database;
    this.insert = this.db.prepare(
      'INSERT INTO events (stream, revision, command_id, type, data, metadata, hash) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
  }

  /** A match created, with its two units and player keys, then played until it holds at least `events`. */
  async match(matchId: string, events: number): Promise<SeededMatch> {
    const stream = matchStream(matchId);
    const keys = { A: await this.playerKey(matchId, 'A'), B: await this.playerKey(matchId, 'B') };
    let state: HandToHandState = handToHand.decider.initialState();
    const head = { revision: 0, hash: GENESIS_HASH };
    let ruleset: RulesetRef | undefined;
    let aggregate: MatchAggregate | undefined;
    let sequence = 0;

    const decide = (command: HandToHandCommand, dice: number[]): NewEvent[] => {
      const decided = handToHand.decider.decide(state, command, dice.length ? new TableDice(dice) : NO_DICE);
      for (const event of decided) state = handToHand.decider.evolve(state, event);
      return decided;
    };
    // What SqliteEventStore.append does inside its transaction once the expected revision has been
    // checked: seal onto the chain, insert the rows. Done here many commands to a transaction.
    const append = (decided: NewEvent[], actor: Actor): void => {
      sequence += 1;
      const options: AppendOptions = {
        expectedRevision: head.revision,
        // The service records `<keyId>:<commandId>#<fingerprint>`; any unique id does for a seed.
        commandId: `${actor.keyId ?? 'configured'}:seed-${sequence}#${sequence.toString(16).padStart(16, '0')}`,
        actor,
        ...(ruleset ? { ruleset } : {}),
      };
      const sealed = sealBatch(stream, head, decided, options, new Date().toISOString());
      const recorded = sealed.map((event): RecordedEvent => {
        const { lastInsertRowid } = this.insert.run(
          stream,
          event.metadata.revision,
          options.commandId,
          event.type,
          JSON.stringify(event.data),
          JSON.stringify(event.metadata),
          event.metadata.hash,
        );
        return { ...event, position: Number(lastInsertRowid) };
      });
      head.revision += recorded.length;
      head.hash = recorded[recorded.length - 1]!.metadata.hash;
      const before = aggregate?.revision ?? 0;
      for (const event of recorded) {
        if (!aggregate) aggregate = MatchAggregate.start(matchId, event);
        else aggregate.absorb(event);
      }
      this.maybeSnapshot(aggregate!, before);
    };

    let step = 0;
    const batch = this.db.transaction(() => {
      if (head.revision === 0) {
        const created = decide(
          { type: 'CreateMatch', matchId, sides: { A: 'Side A', B: 'Side B' }, diceMode: 'table' },
          [],
        );
        ruleset = (created[0]!.data as { ruleset: RulesetRef }).ruleset;
        append(created, ORGANISER);
        for (const { unitId, side } of UNITS) {
          append(
            decide({ type: 'RegisterUnit', unitId, name: unitId, side, morale: MORALE, move: 6 }, []),
            ORGANISER,
          );
        }
      }
      for (let n = 0; head.revision < events && n < BATCH; n++) {
        const { side, command, dice } = stepOf(step);
        step += 1;
        append(decide(command, dice), { role: 'player', keyId: keys[side].keyId, side });
      }
    });
    do batch.immediate();
    while (head.revision < events);
    return {
      matchId,
      events: head.revision,
      nextStep: step,
      tokens: { A: keys.A.token, B: keys.B.token },
    };
  }

  async close(): Promise<void> {
    await this.store.close();
    await this.snapshots.close();
  }

  /** As KeyRegistry.issue records it: only the hash of the secret. */
  private async playerKey(matchId: string, side: 'A' | 'B'): Promise<{ keyId: string; token: string }> {
    const keyId = newKeyId();
    const { token, secretHash } = newToken(keyId);
    await this.store.append(
      'keys',
      [{ type: 'KeyIssued', data: { keyId, role: 'player', matchId, side, secretHash } }],
      { expectedRevision: 'any', commandId: `issue-key-${keyId}`, actor: ORGANISER },
    );
    return { keyId, token };
  }

  /** As MatchAggregates.maybeSnapshot: one each time the match crosses a multiple of K events. */
  private maybeSnapshot(aggregate: MatchAggregate, before: number): void {
    const every = this.snapshotEvery;
    if (Math.floor(aggregate.revision / every) === Math.floor(before / every)) return;
    const ref = aggregate.rulesetRef;
    void this.snapshots.save({
      stream: matchStream(aggregate.matchId),
      revision: aggregate.revision,
      hash: aggregate.headHash,
      ruleset: `${ref.id}@${ref.version}`,
      format: SNAPSHOT_FORMAT,
      image: JSON.stringify(aggregate.image()),
    });
  }
}
