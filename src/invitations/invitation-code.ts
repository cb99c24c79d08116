import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { hashSecret } from '../auth/api-key.js';

/**
 * Invitation codes. An invitation is typed at a table from a slip or a screen, so its code is short:
 * 12 characters of Crockford's base32 (60 bits), shown in groups of four, `K3X9-A0B2-C4D6`, read
 * without regard to case, dashes or spaces, and with O read as 0 and I or L as 1. The code is the
 * whole secret: the invitation's id (its stream) and the check stored in it are both derived from the
 * code with the server secret, so the store holds neither the code nor anything that finds it without
 * that secret. Guessing online, 60 bits against the few hundred invitations live at once, and each
 * expiring within a week, is out of reach.
 *
 * The first codes were "inv_<invitationId>_<secret>" (the id in the clear, SHA-256 of the secret
 * stored); those made before still redeem.
 */
const LONG_CODE = /^inv_([a-z0-9]{12})_([A-Za-z0-9_-]{22,64})$/;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const SHORT_LENGTH = 12;

export interface InvitationCode {
  invitationId: string;
  code: string;
  /** What the invitation's creation stores, to check a code against. */
  secretHash: string;
}

/** A code for a new invitation, at random. */
export function newInvitationCode(serverSecret: Buffer): InvitationCode {
  return fromShortCode(serverSecret, crockford(randomBytes(8)));
}

/**
 * The invitation an issuing key's commandId stands for, and its code, derived from the server secret:
 * the same request sent again (same key, same commandId) answers the same code, while nobody without
 * the secret can derive one.
 */
export function derivedInvitationCode(
  serverSecret: Buffer,
  issuerKeyId: string,
  commandId: string,
): InvitationCode {
  const seed = Buffer.from(
    hkdfSync('sha256', serverSecret, `${issuerKeyId}:${commandId}`, 'umpire invitation code v2', 8),
  );
  return fromShortCode(serverSecret, crockford(seed));
}

/**
 * The invitation the same key's commandId stood for under the first codes: a commandId sent again
 * after the upgrade answers the invitation it made before, not a new one.
 */
export function firstDerivedInvitationCode(
  serverSecret: Buffer,
  issuerKeyId: string,
  commandId: string,
): InvitationCode {
  const invitationId = createHash('sha256')
    .update(`${issuerKeyId}:${commandId}`)
    .digest('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')
    .slice(0, 12);
  const secret = Buffer.from(
    hkdfSync('sha256', serverSecret, invitationId, 'umpire invitation secret v1', 16),
  ).toString('base64url');
  return { invitationId, code: `inv_${invitationId}_${secret}`, secretHash: hashSecret(secret) };
}

/**
 * The invitation a code names, and the secret to check against its stored hash; undefined for
 * something that is no code at all.
 */
export function parseInvitationCode(
  serverSecret: Buffer,
  code: string,
): { invitationId: string; secret: string } | undefined {
  const long = LONG_CODE.exec(code);
  if (long) return { invitationId: long[1]!, secret: long[2]! };
  const short = normalisedShortCode(code);
  if (!short) return undefined;
  return { invitationId: shortCodeId(serverSecret, short), secret: shortCodeCheck(serverSecret, short) };
}

/** A code as typed, read the one way: upper case, no dashes or spaces, O as 0, I and L as 1. */
export function normalisedShortCode(typed: string): string | undefined {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== SHORT_LENGTH) return undefined;
  for (const c of code) if (!CROCKFORD.includes(c)) return undefined;
  return code;
}

function fromShortCode(serverSecret: Buffer, short: string): InvitationCode {
  return {
    invitationId: shortCodeId(serverSecret, short),
    code: grouped(short),
    secretHash: hashSecret(shortCodeCheck(serverSecret, short)),
  };
}

function shortCodeId(serverSecret: Buffer, short: string): string {
  return crockford(keyed(serverSecret, `invitation id:${short}`)).toLowerCase();
}

function shortCodeCheck(serverSecret: Buffer, short: string): string {
  return keyed(serverSecret, `invitation check:${short}`).toString('base64url');
}

function keyed(serverSecret: Buffer, what: string): Buffer {
  return createHmac('sha256', serverSecret).update(what).digest();
}

/** The first 12 characters of Crockford's base32 of the bytes (8 bytes or more: 60 bits are used). */
function crockford(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < SHORT_LENGTH) {
      out += CROCKFORD[(value >> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

function grouped(short: string): string {
  return short.match(/.{4}/g)!.join('-');
}

/** The page a seat is joined from: the code rides in the fragment, which no server or referrer sees. */
export function invitationLinkPath(code: string): string {
  return `/table/#invite=${code}`;
}

/** The player's tournament page a participant joins from, the code in its fragment as for a seat. */
export function participantInvitationLinkPath(code: string): string {
  return `/tournament/#invite=${code}`;
}

export const INVITATION_STREAM_PREFIX = 'invitation-';

export function invitationStream(invitationId: string): string {
  return `${INVITATION_STREAM_PREFIX}${invitationId}`;
}
