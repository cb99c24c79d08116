/**
 * Text ↔ bytes in the three encodings the verifier's sources use with Node's Buffer (utf8, hex,
 * base64, and base64url for a JWK), written once for the browser build's Buffer and crypto adapters.
 * Decoding is strict where Node's is lenient: the verifier only decodes text it has already checked
 * (64 hex digits, a PEM body, a base64 signature), and a string that is not what it says is refused
 * rather than silently cut short.
 */
export type TextEncoding = 'utf8' | 'utf-8' | 'hex' | 'base64' | 'base64url';

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

export function bytesOfText(text: string, encoding: TextEncoding = 'utf8'): Uint8Array {
  switch (encoding) {
    case 'utf8':
    case 'utf-8':
      return utf8Encoder.encode(text);
    case 'hex':
      return bytesOfHex(text);
    case 'base64':
    case 'base64url':
      return bytesOfBase64(text);
    default:
      throw new Error(`unsupported encoding ${String(encoding)}`);
  }
}

/** UTF-8 of `text` written into `target` from its start; the bytes written (Buffer#write's answer). */
export function writeUtf8Into(text: string, target: Uint8Array): number {
  return utf8Encoder.encodeInto(text, target).written;
}

export function textOfBytes(bytes: Uint8Array, encoding: TextEncoding = 'utf8'): string {
  switch (encoding) {
    case 'utf8':
    case 'utf-8':
      return utf8Decoder.decode(bytes);
    case 'hex':
      return hexOfBytes(bytes);
    case 'base64':
      return base64OfBytes(bytes);
    case 'base64url':
      return base64OfBytes(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    default:
      throw new Error(`unsupported encoding ${String(encoding)}`);
  }
}

const HEX_DIGITS = '0123456789abcdef';

export function hexOfBytes(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += HEX_DIGITS[byte >> 4]! + HEX_DIGITS[byte & 15]!;
  return hex;
}

function bytesOfHex(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new Error('not hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Standard or URL-safe alphabet, padded or not, whitespace ignored (a PEM body is wrapped). */
function bytesOfBase64(text: string): Uint8Array {
  const standard = text.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(standard) || standard.length % 4 === 1) throw new Error('not base64');
  const binary = atob(standard + '='.repeat((4 - (standard.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function base64OfBytes(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
