/**
 * What command preparation may ask of the service: the crypto the rules do not do themselves (they
 * hold no secret and draw no random number). The service binds it to one match and its secret.
 */
export interface Escrow {
  /** Seals a plaintext for this match, bound to `associated` (authenticated, so it cannot be moved). */
  seal(associated: string, plaintext: Uint8Array): string;
  /** Opens what seal() sealed under the same `associated`; throws when this service cannot. */
  open(associated: string, sealed: string): Uint8Array;
}

export interface PrepareServices {
  escrow: Escrow;
  /** Secret random bytes (a commitment's salt). */
  randomBytes(count: number): Uint8Array;
}
