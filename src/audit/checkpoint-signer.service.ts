import { createPublicKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import {
  type Checkpoint,
  checkpointSignatureValid,
  publicKeyDocument,
  type PublicKeyDocument,
  publicKeyId,
  signCheckpoint,
  type SignedCheckpoint,
} from './checkpoint.js';
import { loadOrCreateSigningKey } from './signing-key.js';

/** Signs chain heads with the service's Ed25519 key and publishes the public half. */
@Injectable()
export class CheckpointSigner {
  private readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** SHA-256 of the public key's DER, as every checkpoint names it. */
  readonly keyId: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.privateKey = loadOrCreateSigningKey(config.dataDir, config.signingKey);
    this.publicKey = createPublicKey(this.privateKey);
    this.keyId = publicKeyId(this.publicKey);
  }

  sign(head: Omit<Checkpoint, 'signedAt'>, signedAt = new Date().toISOString()): SignedCheckpoint {
    return signCheckpoint({ ...head, signedAt }, this.privateKey);
  }

  verify(signed: SignedCheckpoint): boolean {
    return checkpointSignatureValid(signed, this.publicKey);
  }

  publicKeyDocument(): PublicKeyDocument {
    return publicKeyDocument(this.publicKey);
  }
}
