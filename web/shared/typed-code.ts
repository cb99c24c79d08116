/**
 * An invitation code as typed at the table, read as the service reads it
 * (src/invitations/invitation-code.ts): 12 characters of Crockford's base32, shown in groups of four
 * (K3X9-A0B2-C4D6), in any case, dashes and spaces ignored, O read as 0 and I or L as 1. The first codes,
 * "inv_<id>_<secret>", are still read as they are. What is no code is answered here, before anything is
 * sent, in words that say what is wrong.
 */
export type TypedCode = { code: string } | { problem: string };

const LONG_CODE = /^inv_[a-z0-9]{12}_[A-Za-z0-9_-]{22,64}$/;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 12;

export function readTypedCode(typed: string): TypedCode {
  const trimmed = typed.trim();
  if (LONG_CODE.test(trimmed)) return { code: trimmed };
  const code = trimmed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code === '') return { problem: 'Type the code first: twelve letters and digits.' };
  const strange = [...new Set([...code].filter((c) => !CROCKFORD.includes(c)))];
  if (strange.length > 0) {
    const named = strange.map((c) => `“${c}”`).join(', ');
    return {
      problem: `${named} ${strange.length === 1 ? 'is' : 'are'} in no code: a code has only digits and letters (no U), like K3X9-A0B2-C4D6.`,
    };
  }
  if (code.length !== LENGTH) {
    const count = `${code.length} ${code.length === 1 ? 'letter or digit' : 'letters and digits'}`;
    return {
      problem: `That is ${count}: a code has twelve, in three groups of four, like K3X9-A0B2-C4D6.`,
    };
  }
  return { code: code.match(/.{4}/g)!.join('-') };
}
