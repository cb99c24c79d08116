/**
 * A STAND-IN FOR AN EVENTSTOREDB NODE, NOT EVENTSTOREDB.
 *
 * A small gRPC server, built from the service definitions that @eventstore/db-client ships (generated/),
 * keeping its events in memory. It answers the calls the EsdbEventStore adapter makes through the
 * client, the way the protocol defines them:
 *
 * - Streams.Append (client stream) and Streams.BatchAppend (bidirectional; the client prefers it when
 *   ServerFeatures lists it): expected revision any / no_stream / stream_exists / exact revision, the
 *   wrong-expected-version answer with the current revision or no-stream, and ESDB's idempotency on
 *   event ids (the same ids right after the expected revision succeed without writing again).
 * - Streams.Read of a stream (forwards or backwards, from start / end / a revision, with a count;
 *   stream-not-found) and of $all (forwards or backwards, from start / end / a position, inclusive,
 *   with a count and an optional stream-name or event-type filter by prefixes or regex).
 * - Streams.Read as a subscription to $all: confirmation, catch-up strictly after the start position,
 *   a checkpoint, the CaughtUp message, then live events; the filter as above.
 * - ServerFeatures.GetSupportedMethods (or UNIMPLEMENTED, as an old server, when `batchAppend` is off:
 *   the client then falls back to Streams.Append) and Gossip.Read (one leader: itself), which the
 *   client calls for a multi-host connection string.
 *
 * What it checks is the CLIENT'S USAGE: that the adapter drives @eventstore/db-client correctly over the
 * real wire format (revisions, positions, errors, subscriptions, drops). It does NOT check EventStoreDB
 * itself: its storage, positions, filtering and timing are a model of the documented behaviour, so the
 * contract suite must also pass against a real node (test/contract/esdb.contract.spec.ts, run with
 * EVENTSTORE_CONNECTION_STRING set).
 *
 * Modelled details worth knowing: log positions are byte-offset-like (they grow by each record's size,
 * they are not dense); $all reports commit = prepare for every event, while stream reads report the
 * batch's first position as the commit position, so only the prepare position is per event there.
 * Some system events ($-prefixed streams and types) are in the log from the start, as on a real node.
 */
import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import codePb from '@eventstore/db-client/generated/code_pb.js';
import gossipGrpc from '@eventstore/db-client/generated/gossip_grpc_pb.js';
import gossipPb from '@eventstore/db-client/generated/gossip_pb.js';
import featuresGrpc from '@eventstore/db-client/generated/serverfeatures_grpc_pb.js';
import featuresPb from '@eventstore/db-client/generated/serverfeatures_pb.js';
import sharedPb from '@eventstore/db-client/generated/shared_pb.js';
import statusPb from '@eventstore/db-client/generated/status_pb.js';
import streamsGrpc from '@eventstore/db-client/generated/streams_grpc_pb.js';
import streamsPb from '@eventstore/db-client/generated/streams_pb.js';
import type { IStreamsServer } from '@eventstore/db-client/generated/streams_grpc_pb.js';
import type {
  AppendReq,
  AppendResp,
  BatchAppendReq,
  BatchAppendResp,
  ReadReq,
  ReadResp,
} from '@eventstore/db-client/generated/streams_pb.js';
import type { UUID } from '@eventstore/db-client/generated/shared_pb.js';
import anyPb from 'google-protobuf/google/protobuf/any_pb.js';
import emptyPb from 'google-protobuf/google/protobuf/empty_pb.js';

export interface StandInOptions {
  /** List Streams.BatchAppend in ServerFeatures (a current server). Off: no ServerFeatures service at all. */
  batchAppend?: boolean;
  /** Send the CaughtUp message when a subscription goes live (EventStoreDB 23.10 and later). Default on. */
  caughtUp?: boolean;
}

interface StoredRecord {
  stream: string;
  /** 0-based, as ESDB counts. */
  revision: number;
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  customMetadata: Uint8Array;
  /** .NET ticks since the Unix epoch, as ESDB sends `created`. */
  created: string;
  /** Log position of this event's record. */
  prepare: number;
  /** Log position of the first record of the write that brought it. */
  transaction: number;
}

interface Proposed {
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  customMetadata: Uint8Array;
}

type Expected =
  | { kind: 'any' }
  | { kind: 'no_stream' }
  | { kind: 'stream_exists' }
  | { kind: 'revision'; revision: number };

type CommitResult =
  { ok: true; revision: number; position: number } | { ok: false; current: number | undefined };

interface Subscriber {
  call: grpc.ServerWritableStream<ReadReq, ReadResp>;
  accepts: (record: StoredRecord) => boolean;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class RpcError extends Error {
  constructor(
    readonly code: grpc.status,
    message: string,
  ) {
    super(message);
  }
}

export class StandInServer {
  private server: grpc.Server | undefined;
  private boundPort = 0;
  private readonly log: StoredRecord[] = [];
  private readonly streams = new Map<string, StoredRecord[]>();
  private readonly subscribers = new Set<Subscriber>();
  private nextPosition = 0;
  /** How often each RPC was called, for tests that check which path the client took. */
  readonly calls = { append: 0, batchAppend: 0, read: 0, subscribe: 0, serverFeatures: 0, gossip: 0 };
  /** Events sent in answer to stream reads, for tests that check how much a lookup reads. */
  streamEventsRead = 0;
  /** Appends answered by ESDB's event-id idempotency, without writing. */
  idempotentWrites = 0;
  /** While set, reads are accepted and never answered: a node that hangs rather than goes away. */
  stallReads = false;

  private constructor(private readonly options: Required<StandInOptions>) {
    // A fresh node already has system events in $all.
    this.writeRaw('$settings', '$settings', { $userStreamAcl: {}, $systemStreamAcl: {} });
    this.writeRaw('$scavenges', '$scavengeIndexInitialized', {});
  }

  static async start(options: StandInOptions = {}): Promise<StandInServer> {
    const standIn = new StandInServer({ batchAppend: true, caughtUp: true, ...options });
    await standIn.listen(0);
    return standIn;
  }

  get port(): number {
    return this.boundPort;
  }

  /** Single-node connection string; `hosts` > 1 repeats this node, which makes the client use gossip. */
  connectionString(hosts = 1): string {
    const host = `127.0.0.1:${this.boundPort}`;
    return `esdb://${Array.from({ length: hosts }, () => host).join(',')}?tls=false`;
  }

  /** Writes an event with no umpire envelope, as EventStoreDB itself or another application would. */
  writeRaw(stream: string, type: string, data: unknown): void {
    this.commit(stream, { kind: 'any' }, [
      {
        id: randomUUID(),
        type,
        contentType: 'application/json',
        data: Buffer.from(JSON.stringify(data)),
        customMetadata: new Uint8Array(),
      },
    ]);
  }

  /** Ends every live subscription with an error status, as a node that goes away does. */
  dropSubscriptions(code: grpc.status = grpc.status.UNAVAILABLE): number {
    const dropped = [...this.subscribers];
    this.subscribers.clear();
    for (const { call } of dropped) {
      call.emit(
        'error',
        Object.assign(new Error('dropped by the stand-in'), { code, details: 'dropped by the stand-in' }),
      );
    }
    return dropped.length;
  }

  /** Stops answering; the events stay, and restart() listens on the same port again. */
  async stop(): Promise<void> {
    this.subscribers.clear();
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.tryShutdown(() => resolve());
      // Open subscriptions and BatchAppend streams would hold a graceful shutdown forever.
      setTimeout(() => server.forceShutdown(), 50).unref();
    });
  }

  async restart(): Promise<void> {
    await this.listen(this.boundPort);
  }

  private async listen(port: number): Promise<void> {
    const server = new grpc.Server();
    server.addService(streamsGrpc.StreamsService, this.streamsService());
    server.addService(gossipGrpc.GossipService, {
      read: (
        _call: grpc.ServerUnaryCall<unknown, unknown>,
        callback: grpc.sendUnaryData<gossipPb.ClusterInfo>,
      ) => {
        this.calls.gossip += 1;
        callback(null, this.clusterInfo());
      },
    });
    if (this.options.batchAppend) {
      server.addService(featuresGrpc.ServerFeaturesService, {
        getSupportedMethods: (
          _call: grpc.ServerUnaryCall<unknown, unknown>,
          callback: grpc.sendUnaryData<featuresPb.SupportedMethods>,
        ) => {
          this.calls.serverFeatures += 1;
          callback(null, supportedMethods());
        },
      });
    }
    this.boundPort = await new Promise<number>((resolve, reject) =>
      server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (error, bound) =>
        error ? reject(error) : resolve(bound),
      ),
    );
    this.server = server;
  }

  private clusterInfo(): gossipPb.ClusterInfo {
    const endPoint = new gossipPb.EndPoint();
    endPoint.setAddress('127.0.0.1');
    endPoint.setPort(this.boundPort);
    const member = new gossipPb.MemberInfo();
    member.setInstanceId(uuidMessage('00000000-0000-4000-8000-000000000001'));
    member.setTimeStamp(String(Date.now() * 10_000));
    member.setState(gossipPb.MemberInfo.VNodeState.LEADER);
    member.setIsAlive(true);
    member.setHttpEndPoint(endPoint);
    const info = new gossipPb.ClusterInfo();
    info.setMembersList([member]);
    return info;
  }

  private streamsService(): IStreamsServer {
    return {
      read: (call) => {
        try {
          this.read(call);
        } catch (error) {
          failCall(call, error);
        }
      },
      append: (call, callback) => {
        this.calls.append += 1;
        let options: AppendReq.Options | undefined;
        const proposed: Proposed[] = [];
        call.on('data', (request: AppendReq) => {
          if (request.hasOptions()) options = request.getOptions();
          else if (request.hasProposedMessage()) proposed.push(proposedOf(request.getProposedMessage()!));
        });
        call.on('end', () => {
          try {
            if (!options) throw new RpcError(grpc.status.INVALID_ARGUMENT, 'append: options must come first');
            const stream = streamName(options.getStreamIdentifier());
            const expected = appendExpected(options);
            callback(null, appendResponse(expected, this.commit(stream, expected, proposed)));
          } catch (error) {
            callback(serviceError(error));
          }
        });
      },
      batchAppend: (call) => {
        this.calls.batchAppend += 1;
        const pending = new Map<string, { options: BatchAppendReq.Options; proposed: Proposed[] }>();
        call.on('data', (request: BatchAppendReq) => {
          try {
            const correlation = request.getCorrelationId();
            const key = uuidString(correlation);
            let batch = pending.get(key);
            if (!batch) {
              const options = request.getOptions();
              if (!options)
                throw new RpcError(grpc.status.INVALID_ARGUMENT, 'batchAppend: options must come first');
              batch = { options, proposed: [] };
              pending.set(key, batch);
            }
            batch.proposed.push(...request.getProposedMessagesList().map(proposedOf));
            if (!request.getIsFinal()) return;
            pending.delete(key);
            const stream = streamName(batch.options.getStreamIdentifier());
            const expected = batchExpected(batch.options);
            call.write(
              batchAppendResponse(
                correlation!,
                stream,
                expected,
                this.commit(stream, expected, batch.proposed),
              ),
            );
          } catch (error) {
            failCall(call, error);
          }
        });
        call.on('end', () => call.end());
      },
      delete: (_call, callback) =>
        callback({ code: grpc.status.UNIMPLEMENTED, details: 'not in the stand-in' }),
      tombstone: (_call, callback) =>
        callback({ code: grpc.status.UNIMPLEMENTED, details: 'not in the stand-in' }),
    };
  }

  private commit(stream: string, expected: Expected, proposed: Proposed[]): CommitResult {
    for (const event of proposed) {
      if (!UUID_PATTERN.test(event.id))
        throw new RpcError(grpc.status.INVALID_ARGUMENT, `bad event id ${event.id}`);
      if (!event.type || !event.contentType) {
        throw new RpcError(grpc.status.INVALID_ARGUMENT, 'type and content-type are required');
      }
    }
    const events = this.streams.get(stream) ?? [];
    const current = events.length - 1;

    // ESDB's idempotency: the same event ids right after the expected revision are the same write.
    if (expected.kind === 'revision' || expected.kind === 'no_stream') {
      const from = expected.kind === 'revision' ? expected.revision + 1 : 0;
      const already = events.slice(from, from + proposed.length);
      if (
        proposed.length > 0 &&
        already.length === proposed.length &&
        already.every((e, i) => e.id === proposed[i]!.id)
      ) {
        this.idempotentWrites += 1;
        const last = already[already.length - 1]!;
        return { ok: true, revision: last.revision, position: last.prepare };
      }
    }

    const accepted =
      expected.kind === 'any' ||
      (expected.kind === 'no_stream' && current === -1) ||
      (expected.kind === 'stream_exists' && current >= 0) ||
      (expected.kind === 'revision' && current === expected.revision);
    if (!accepted) return { ok: false, current: current === -1 ? undefined : current };
    if (proposed.length === 0) return { ok: true, revision: current, position: this.nextPosition };

    const transaction = this.nextPosition;
    const created = String(BigInt(Date.now()) * 10_000n);
    const written = proposed.map((event, i): StoredRecord => {
      const record = {
        ...event,
        stream,
        revision: current + 1 + i,
        created,
        prepare: this.nextPosition,
        transaction,
      };
      this.nextPosition += 100 + stream.length + event.data.length + event.customMetadata.length;
      return record;
    });
    this.streams.set(stream, [...events, ...written]);
    this.log.push(...written);
    for (const subscriber of this.subscribers) {
      for (const record of written) {
        if (subscriber.accepts(record)) subscriber.call.write(eventResponse(record, record.prepare));
      }
    }
    const last = written[written.length - 1]!;
    return { ok: true, revision: last.revision, position: last.prepare };
  }

  private read(call: grpc.ServerWritableStream<ReadReq, ReadResp>): void {
    const options = call.request.getOptions();
    if (!options) throw new RpcError(grpc.status.INVALID_ARGUMENT, 'read: no options');
    const accepts = filterOf(options);
    const backwards = options.getReadDirection() === streamsPb.ReadReq.Options.ReadDirection.BACKWARDS;

    if (options.hasSubscription()) {
      if (!options.hasAll())
        throw new RpcError(grpc.status.UNIMPLEMENTED, 'stream subscriptions are not in the stand-in');
      this.calls.subscribe += 1;
      this.subscribeToAll(call, options.getAll()!, accepts);
      return;
    }
    this.calls.read += 1;
    if (this.stallReads) return;
    const count = Number(options.getCount());

    if (options.hasStream()) {
      const streamOptions = options.getStream()!;
      const stream = streamName(streamOptions.getStreamIdentifier());
      const events = this.streams.get(stream);
      if (!events || events.length === 0) {
        const notFound = new streamsPb.ReadResp.StreamNotFound();
        notFound.setStreamIdentifier(streamOptions.getStreamIdentifier());
        call.write(new streamsPb.ReadResp().setStreamNotFound(notFound));
        call.end();
        return;
      }
      let selected: StoredRecord[];
      if (backwards) {
        const from = streamOptions.hasRevision()
          ? Number(streamOptions.getRevision())
          : streamOptions.hasStart()
            ? 0
            : events.length - 1;
        selected = events.slice(0, from + 1).reverse();
      } else {
        const from = streamOptions.hasRevision()
          ? Number(streamOptions.getRevision())
          : streamOptions.hasEnd()
            ? events.length
            : 0;
        selected = events.slice(from);
      }
      for (const record of selected.slice(0, count)) {
        this.streamEventsRead += 1;
        call.write(eventResponse(record, record.transaction));
      }
      call.end();
      return;
    }

    const allOptions = options.getAll();
    if (!allOptions) throw new RpcError(grpc.status.INVALID_ARGUMENT, 'read: neither a stream nor $all');
    let selected: StoredRecord[];
    if (backwards) {
      const before = allOptions.hasPosition()
        ? tfPos(allOptions.getPosition()!)
        : allOptions.hasStart()
          ? [0, 0]
          : undefined;
      selected = this.log.filter((r) => !before || compare([r.prepare, r.prepare], before) < 0).reverse();
    } else {
      const from = allOptions.hasPosition()
        ? tfPos(allOptions.getPosition()!)
        : allOptions.hasEnd()
          ? undefined
          : [0, 0];
      // Reading $all forwards includes the event at the start position.
      selected = from ? this.log.filter((r) => compare([r.prepare, r.prepare], from) >= 0) : [];
    }
    for (const record of selected.filter(accepts).slice(0, count))
      call.write(eventResponse(record, record.prepare));
    call.end();
  }

  private subscribeToAll(
    call: grpc.ServerWritableStream<ReadReq, ReadResp>,
    allOptions: ReadReq.Options.AllOptions,
    accepts: (record: StoredRecord) => boolean,
  ): void {
    const confirmation = new streamsPb.ReadResp.SubscriptionConfirmation();
    confirmation.setSubscriptionId(randomUUID());
    call.write(new streamsPb.ReadResp().setConfirmation(confirmation));

    // A subscription starts strictly after its position.
    const after = allOptions.hasPosition()
      ? tfPos(allOptions.getPosition()!)
      : allOptions.hasEnd()
        ? undefined
        : [-1, -1];
    const backlog = after ? this.log.filter((r) => compare([r.prepare, r.prepare], after) > 0) : [];
    for (const record of backlog) if (accepts(record)) call.write(eventResponse(record, record.prepare));

    const checkpoint = new streamsPb.ReadResp.Checkpoint();
    checkpoint.setCommitPosition(String(this.nextPosition));
    checkpoint.setPreparePosition(String(this.nextPosition));
    call.write(new streamsPb.ReadResp().setCheckpoint(checkpoint));
    if (this.options.caughtUp)
      call.write(new streamsPb.ReadResp().setCaughtUp(new streamsPb.ReadResp.CaughtUp()));

    // Catch-up and going live happen in one turn of the event loop: no append can fall between them.
    const subscriber: Subscriber = { call, accepts };
    this.subscribers.add(subscriber);
    const forget = (): void => {
      this.subscribers.delete(subscriber);
    };
    call.on('cancelled', forget);
    call.on('close', forget);
    call.on('error', forget);
  }
}

function supportedMethods(): featuresPb.SupportedMethods {
  const methods = [
    ['event_store.client.streams.Streams', 'Read'],
    ['event_store.client.streams.Streams', 'Append'],
    ['event_store.client.streams.Streams', 'BatchAppend'],
    ['event_store.client.gossip.Gossip', 'Read'],
  ].map(([service, method]) => {
    const supported = new featuresPb.SupportedMethod();
    supported.setServiceName(service!.toLowerCase());
    supported.setMethodName(method!.toLowerCase());
    return supported;
  });
  const answer = new featuresPb.SupportedMethods();
  answer.setMethodsList(methods);
  answer.setEventStoreServerVersion('24.10.0');
  return answer;
}

function proposedOf(message: AppendReq.ProposedMessage | BatchAppendReq.ProposedMessage): Proposed {
  const metadata = message.getMetadataMap();
  return {
    id: uuidString(message.getId()),
    type: metadata.get('type') ?? '',
    contentType: metadata.get('content-type') ?? '',
    data: message.getData_asU8(),
    customMetadata: message.getCustomMetadata_asU8(),
  };
}

function appendExpected(options: AppendReq.Options): Expected {
  if (options.hasRevision()) return { kind: 'revision', revision: Number(options.getRevision()) };
  if (options.hasNoStream()) return { kind: 'no_stream' };
  if (options.hasStreamExists()) return { kind: 'stream_exists' };
  if (options.hasAny()) return { kind: 'any' };
  throw new RpcError(grpc.status.INVALID_ARGUMENT, 'append: no expected revision');
}

function batchExpected(options: BatchAppendReq.Options): Expected {
  if (options.hasStreamPosition()) return { kind: 'revision', revision: Number(options.getStreamPosition()) };
  if (options.hasNoStream()) return { kind: 'no_stream' };
  if (options.hasStreamExists()) return { kind: 'stream_exists' };
  if (options.hasAny()) return { kind: 'any' };
  throw new RpcError(grpc.status.INVALID_ARGUMENT, 'batchAppend: no expected revision');
}

function appendResponse(expected: Expected, result: CommitResult): AppendResp {
  const response = new streamsPb.AppendResp();
  if (result.ok) {
    const position = new streamsPb.AppendResp.Position();
    position.setCommitPosition(String(result.position));
    position.setPreparePosition(String(result.position));
    const success = new streamsPb.AppendResp.Success();
    success.setCurrentRevision(String(result.revision));
    success.setPosition(position);
    return response.setSuccess(success);
  }
  const wrong = new streamsPb.AppendResp.WrongExpectedVersion();
  if (result.current === undefined) wrong.setCurrentNoStream(new sharedPb.Empty());
  else wrong.setCurrentRevision(String(result.current));
  switch (expected.kind) {
    case 'revision':
      wrong.setExpectedRevision(String(expected.revision));
      break;
    case 'no_stream':
      wrong.setExpectedNoStream(new sharedPb.Empty());
      break;
    case 'stream_exists':
      wrong.setExpectedStreamExists(new sharedPb.Empty());
      break;
    case 'any':
      wrong.setExpectedAny(new sharedPb.Empty());
      break;
  }
  return response.setWrongExpectedVersion(wrong);
}

function batchAppendResponse(
  correlation: UUID,
  stream: string,
  expected: Expected,
  result: CommitResult,
): BatchAppendResp {
  const response = new streamsPb.BatchAppendResp();
  response.setCorrelationId(correlation);
  response.setStreamIdentifier(streamIdentifier(stream));
  switch (expected.kind) {
    case 'revision':
      response.setStreamPosition(String(expected.revision));
      break;
    case 'no_stream':
      response.setNoStream(new emptyPb.Empty());
      break;
    case 'stream_exists':
      response.setStreamExists(new emptyPb.Empty());
      break;
    case 'any':
      response.setAny(new emptyPb.Empty());
      break;
  }
  if (result.ok) {
    const position = new sharedPb.AllStreamPosition();
    position.setCommitPosition(String(result.position));
    position.setPreparePosition(String(result.position));
    const success = new streamsPb.BatchAppendResp.Success();
    success.setCurrentRevision(String(result.revision));
    success.setPosition(position);
    return response.setSuccess(success);
  }
  const wrong = new sharedPb.WrongExpectedVersion();
  if (result.current === undefined) wrong.setCurrentNoStream(new emptyPb.Empty());
  else wrong.setCurrentStreamRevision(String(result.current));
  switch (expected.kind) {
    case 'revision':
      wrong.setExpectedStreamPosition(String(expected.revision));
      break;
    case 'no_stream':
      wrong.setExpectedNoStream(new emptyPb.Empty());
      break;
    case 'stream_exists':
      wrong.setExpectedStreamExists(new emptyPb.Empty());
      break;
    case 'any':
      wrong.setExpectedAny(new emptyPb.Empty());
      break;
  }
  const details = new anyPb.Any();
  details.pack(wrong.serializeBinary(), 'event_store.client.WrongExpectedVersion');
  const status = new statusPb.Status();
  status.setCode(codePb.Code.FAILED_PRECONDITION);
  status.setMessage('WrongExpectedVersion');
  status.setDetails(details);
  return response.setError(status);
}

function eventResponse(record: StoredRecord, commitPosition: number): ReadResp {
  const recorded = new streamsPb.ReadResp.ReadEvent.RecordedEvent();
  recorded.setId(uuidMessage(record.id));
  recorded.setStreamIdentifier(streamIdentifier(record.stream));
  recorded.setStreamRevision(String(record.revision));
  recorded.setPreparePosition(String(record.prepare));
  recorded.setCommitPosition(String(commitPosition));
  const metadata = recorded.getMetadataMap();
  metadata.set('type', record.type);
  metadata.set('content-type', record.contentType);
  metadata.set('created', record.created);
  recorded.setCustomMetadata(record.customMetadata);
  recorded.setData(record.data);
  const event = new streamsPb.ReadResp.ReadEvent();
  event.setEvent(recorded);
  event.setCommitPosition(String(commitPosition));
  return new streamsPb.ReadResp().setEvent(event);
}

function filterOf(options: ReadReq.Options): (record: StoredRecord) => boolean {
  const filter = options.hasFilter() ? options.getFilter() : undefined;
  if (!filter) return () => true;
  const onStream = filter.hasStreamIdentifier();
  const expression = onStream ? filter.getStreamIdentifier() : filter.getEventType();
  if (!expression) throw new RpcError(grpc.status.INVALID_ARGUMENT, 'filter without an expression');
  const prefixes = expression.getPrefixList();
  const regex = expression.getRegex() ? new RegExp(expression.getRegex()) : undefined;
  return (record) => {
    const subject = onStream ? record.stream : record.type;
    if (prefixes.length > 0) return prefixes.some((prefix) => subject.startsWith(prefix));
    return regex ? regex.test(subject) : true;
  };
}

/** An $all position as [commit, prepare], compared as ESDB compares them. */
function tfPos(position: ReadReq.Options.Position): [number, number] {
  return [Number(position.getCommitPosition()), Number(position.getPreparePosition())];
}

function compare(a: readonly number[], b: readonly number[]): number {
  return a[0]! - b[0]! || a[1]! - b[1]!;
}

function streamIdentifier(stream: string): sharedPb.StreamIdentifier {
  const identifier = new sharedPb.StreamIdentifier();
  identifier.setStreamName(Buffer.from(stream, 'utf8'));
  return identifier;
}

function streamName(identifier: sharedPb.StreamIdentifier | undefined): string {
  if (!identifier) throw new RpcError(grpc.status.INVALID_ARGUMENT, 'no stream identifier');
  const name = Buffer.from(identifier.getStreamName_asU8()).toString('utf8');
  if (!name) throw new RpcError(grpc.status.INVALID_ARGUMENT, 'empty stream name');
  return name;
}

function uuidMessage(id: string): UUID {
  const uuid = new sharedPb.UUID();
  uuid.setString(id);
  return uuid;
}

function uuidString(uuid: UUID | undefined): string {
  if (!uuid) throw new RpcError(grpc.status.INVALID_ARGUMENT, 'missing uuid');
  if (uuid.hasString()) return uuid.getString();
  const structured = uuid.getStructured();
  if (!structured) throw new RpcError(grpc.status.INVALID_ARGUMENT, 'empty uuid');
  const bytes = Buffer.alloc(16);
  bytes.writeBigInt64BE(BigInt(structured.getMostSignificantBits()), 0);
  bytes.writeBigInt64BE(BigInt(structured.getLeastSignificantBits()), 8);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function serviceError(error: unknown): Partial<grpc.StatusObject> {
  if (error instanceof RpcError) return { code: error.code, details: error.message };
  return { code: grpc.status.INTERNAL, details: error instanceof Error ? error.message : String(error) };
}

function failCall(call: { emit(event: 'error', error: Error): boolean }, error: unknown): void {
  const status = serviceError(error);
  call.emit('error', Object.assign(new Error(status.details), status));
}
