import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { hashSecret } from '../auth/api-key.js';

/**
 * An invitation code is "inv_<invitationId>_<secret>": the id finds the invitation's stream, and only
 * SHA-256(secret) is stored, so a leaked store holds no code that redeems. Short enough for a QR code.
 */
const CODE = /^inv_([a-z0-9]{12})_([A-Za-z0-9_-]{22,64})$/;

export function newInvitationCode(): { invitationId: string; code: string; secretHash: string } {
  const invitationId = randomBytes(9)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')
    .slice(0, 12);
  const secret = randomBytes(16).toString('base64url');
  return { invitationId, code: `inv_${invitationId}_${secret}`, secretHash: hashSecret(secret) };
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
): { invitationId: string; code: string; secretHash: string } {
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

export function parseInvitationCode(code: string): { invitationId: string; secret: string } | undefined {
  const match = CODE.exec(code);
  return match ? { invitationId: match[1]!, secret: match[2]! } : undefined;
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
