import {
  NO_STREAM,
  START,
  type AppendExpectedRevision,
  type CurrentRevision,
  type Position,
  type ReadPosition,
} from '@eventstore/db-client';

/**
 * The two numberings of this adapter, in one place.
 *
 * Revisions. The port counts a stream's events from 1 and says 0 for "no events"; EventStoreDB counts
 * from 0 (as a bigint) and says NO_STREAM for "no events". So port revision r is ESDB revision r - 1.
 *
 * Positions. The port's global position is the event's PREPARE position in the ESDB transaction log,
 * as a number. The prepare position is the log address of the event's own record, so it is unique per
 * event, the same on every read path ($all read, stream read, subscription) and it grows in $all order
 * because gRPC appends are written contiguously. The commit position is not per event: it is the
 * position of whatever committed the write, which the events of one batch may share (explicit
 * transactions, and stream reads that report the transaction's position), so two events could get
 * the same checkpoint. Byte offsets stay far below 2^53, so a number holds them exactly.
 *
 * A checkpoint p is turned back into the ESDB position {commit: p, prepare: p}. Appends made through
 * gRPC are implicit transactions whose records each commit themselves, and $all reports them with
 * commit = prepare, so that is exactly the event's position. Reads and subscriptions still drop
 * anything at or before the checkpoint, so whether the server treats the start as inclusive (reads)
 * or exclusive (subscriptions) makes no difference.
 */

/** The ESDB stream revision (0-based) of a port revision (1-based). */
export function toEsdbRevision(portRevision: number): bigint {
  return BigInt(portRevision - 1);
}

/** The port revision (1-based) of an ESDB stream revision (0-based). */
export function toPortRevision(esdbRevision: bigint): number {
  return Number(esdbRevision) + 1;
}

/**
 * What the adapter sends as expected revision: always the concrete head it has just read and linked
 * its hash chain to, never ANY or STREAM_EXISTS (see EsdbEventStore.append).
 */
export function expectedAtHead(headRevision: number): AppendExpectedRevision {
  return headRevision === 0 ? NO_STREAM : toEsdbRevision(headRevision);
}

/** The stream's revision in a WrongExpectedVersionError, as a port revision: 0 when it does not exist. */
export function currentToPortRevision(current: CurrentRevision): number {
  return current === NO_STREAM ? 0 : toPortRevision(current);
}

/** The port's global position of an ESDB event. */
export function toPortPosition(position: Position): number {
  return Number(position.prepare);
}

/** Where to start reading or subscribing for a checkpoint (0 = before everything). */
export function startAt(checkpoint: number): ReadPosition {
  if (checkpoint <= 0) return START;
  const at = BigInt(checkpoint);
  return { commit: at, prepare: at };
}
