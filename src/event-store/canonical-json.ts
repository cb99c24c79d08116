import canonicalize from 'canonicalize';

/**
 * RFC 8785 canonical JSON, fast, for the values the verifier hashes: what JSON.parse gives (plain
 * objects and arrays, strings, finite numbers, booleans, null). The `canonicalize` package is the
 * reference; it spends most of its time on
 * bookkeeping this narrower case does not need (a cycle set, a surrogate scan of every string in JS,
 * an array per object). Anything outside that case (a lone surrogate, undefined, a Date or any other
 * class, a sparse array, a non-finite number) goes to `canonicalize` whole, so the answer, or the
 * error, is always the reference's. test/audit/canonical-json.spec.ts checks the two byte for byte.
 * The hash chain uses it on every append and every verification.
 */
export function canonicalJson(value: unknown): string | undefined {
  try {
    return write(value);
  } catch (error) {
    if (error !== NOT_PLAIN) throw error;
    return canonicalize(value);
  }
}

const NOT_PLAIN = Symbol('not plain JSON');
/** UTF-16 surrogates: a string holding one is looked at closely (a lone one is refused by RFC 8785). */
const SURROGATE = /[\ud800-\udfff]/;
const OBJECT_PROTOTYPE = Object.prototype;

function write(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return text(value);
    case 'number':
      // ECMAScript's Number-to-string is RFC 8785's number format (and -0 is written 0).
      if (!Number.isFinite(value)) throw NOT_PLAIN;
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      return Array.isArray(value) ? list(value) : record(value);
    default:
      throw NOT_PLAIN;
  }
}

/** Characters JSON.stringify writes other than as themselves, and surrogates. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what JSON escapes
const SPECIAL = /["\\\u0000-\u001f\ud800-\udfff]/;

function text(value: string): string {
  // Most strings (ids, hashes, names) hold nothing to escape: quoted as they are.
  if (!SPECIAL.test(value)) return '"' + value + '"';
  if (SURROGATE.test(value) && !wellFormed(value)) throw NOT_PLAIN;
  return JSON.stringify(value);
}

function wellFormed(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return false;
    }
  }
  return true;
}

function list(values: readonly unknown[]): string {
  let out = '[';
  for (let i = 0; i < values.length; i++) {
    // A hole is not JSON.parse's: the reference's output for it is its own.
    if (!(i in values)) throw NOT_PLAIN;
    if (i > 0) out += ',';
    out += write(values[i]);
  }
  return out + ']';
}

/** Member names repeat from event to event: each is written once. Bounded, since names come from input. */
const NAMES = new Map<string, string>();
const MAX_NAMES = 4096;

function name(key: string): string {
  let written = NAMES.get(key);
  if (written === undefined) {
    written = text(key);
    if (NAMES.size < MAX_NAMES) NAMES.set(key, written);
  }
  return written;
}

function record(value: object): string {
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== OBJECT_PROTOTYPE && prototype !== null) throw NOT_PLAIN;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') throw NOT_PLAIN;
  // RFC 8785: members sorted by their names' UTF-16 code units, which is what sort() compares.
  const keys = Object.keys(value).sort();
  const fields = value as Record<string, unknown>;
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (i > 0) out += ',';
    out += name(key);
    out += ':';
    out += write(fields[key]);
  }
  return out + '}';
}

/**
 * The bytes an event's hash covers (hash-chain.ts): the canonical JSON of { type, data, metadata }
 * with the metadata's own `hash` left out. Written straight from the envelope, without first copying
 * it into the object the reference would be handed.
 */
export function canonicalEnvelope(event: { type: string; data: unknown; metadata: object }): string {
  try {
    const metadata = event.metadata;
    if (Object.getPrototypeOf(metadata) !== OBJECT_PROTOTYPE) throw NOT_PLAIN;
    const keys = Object.keys(metadata).sort();
    const fields = metadata as Record<string, unknown>;
    let out = '{"data":' + write(event.data) + ',"metadata":{';
    let first = true;
    for (const key of keys) {
      if (key === 'hash') continue;
      if (!first) out += ',';
      first = false;
      out += name(key) + ':' + write(fields[key]);
    }
    return out + '},"type":' + write(event.type) + '}';
  } catch (error) {
    if (error !== NOT_PLAIN) throw error;
    const { hash: _hash, ...rest } = event.metadata as Record<string, unknown>;
    const canonical = canonicalize({ type: event.type, data: event.data, metadata: rest });
    if (canonical === undefined) throw new Error(`event ${event.type} is not JSON`, { cause: error });
    return canonical;
  }
}
