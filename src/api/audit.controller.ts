import {
  Body,
  ConflictException,
  Controller,
  Get,
  Header,
  HttpCode,
  Inject,
  Param,
  Post,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import { CheckpointSigner } from '../audit/checkpoint-signer.service.js';
import type { PublicKeyDocument, SignedCheckpoint } from '../audit/checkpoint.js';
import { exportedEvent, toNdjson } from '../audit/export-format.js';
import { type VerificationReport, verifyMatchLog } from '../audit/verifier.js';
import { CurrentPrincipal, Public } from '../auth/auth.decorators.js';
import type { Principal } from '../auth/principal.js';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import { verifyChain } from '../event-store/hash-chain.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { MatchLoader } from '../match/match-loader.js';
import { visibleRevision } from '../match/spectator-delay.js';
import { matchStream } from '../match/match-stream.js';
import { assertMayRead } from '../match/match.queries.js';
import {
  PublicKeyDto,
  SignedCheckpointDto,
  VerificationReportDto,
  VerifyRequestDto,
} from './dto/audit.dto.js';
import { MatchIdPipe } from './match-id.pipe.js';

/**
 * The audit trail of a match, for anyone who may read it: the export, the verifier, signed checkpoints
 * and the key that signs them. Exported events are the stored envelopes exactly (hash chain intact):
 * they hold no sealed card, only commitments and ciphertext (AA-2), and the verifier reports only what
 * the export already shows.
 */
@ApiTags('audit')
@Controller()
export class AuditController {
  constructor(
    private readonly matches: MatchLoader,
    private readonly signer: CheckpointSigner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('matches/:id/export')
  @ApiBearerAuth()
  @Header('Content-Type', 'application/x-ndjson; charset=utf-8')
  @ApiProduces('application/x-ndjson')
  @ApiOperation({
    summary: 'The match as NDJSON: one stored event envelope a line, everything needed to verify it offline.',
    description:
      'Verify the file offline with `npx umpire verify FILE [--checkpoint FILE] [--public-key FILE]`.',
  })
  @ApiOkResponse({
    description:
      'One JSON event envelope per line: type, data, metadata (stream, revision, commandId, actor, at, ruleset, prevHash, hash).',
    content: {
      'application/x-ndjson': {
        schema: { type: 'string', description: 'One JSON event envelope per line.' },
        example:
          '{"type":"MatchCreated","data":{},"metadata":{"stream":"match-r1-t4","revision":1,"commandId":"c1","actor":{"role":"organiser"},"at":"2026-04-11T10:00:00.000Z","prevHash":"0…","hash":"9f…"}}\n',
      },
    },
  })
  async export(
    @CurrentPrincipal() principal: Principal,
    @Param('id', MatchIdPipe) id: string,
  ): Promise<string> {
    return toNdjson(await this.events(principal, id));
  }

  @Get('matches/:id/verify')
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Re-run every event of the match through the rules from nothing; report the chain, every derived outcome, the server dice and every reveal, and the first discrepancy by event and rule.',
    description:
      'Server rolls are checked against their HMAC derivation once the seed is revealed (MatchEnded); before that the report says they cannot be checked yet. A failed check is still a 200: the report says what failed (ok false, firstDiscrepancy).',
  })
  @ApiOkResponse({ type: VerificationReportDto })
  async verify(
    @CurrentPrincipal() principal: Principal,
    @Param('id', MatchIdPipe) id: string,
  ): Promise<VerificationReport> {
    return verifyMatchLog(await this.events(principal, id));
  }

  @Post('matches/:id/verify')
  @ApiBearerAuth()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'The same verification, also against checkpoints kept earlier: each must verify with the service key and still match the log.',
  })
  @ApiOkResponse({ type: VerificationReportDto })
  async verifyWithCheckpoints(
    @CurrentPrincipal() principal: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Body() body: VerifyRequestDto,
  ): Promise<VerificationReport> {
    const checkpoints = (body.checkpoints ?? []).map((signed): SignedCheckpoint => ({
      checkpoint: { ...signed.checkpoint },
      algorithm: 'Ed25519',
      keyId: signed.keyId ?? '',
      signature: signed.signature,
    }));
    return verifyMatchLog(await this.events(principal, id), {
      checkpoints,
      publicKey: this.signer.publicKey,
    });
  }

  @Get('matches/:id/checkpoint')
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'The head of the match’s hash chain { stream, revision, hash, signedAt }, signed with the service’s Ed25519 key.',
    description:
      'Keep it: it proves later that the log up to that event was not rewritten. The signature is base64 Ed25519 over the RFC 8785 canonical JSON of `checkpoint`; the key is at GET /audit/public-key.',
  })
  @ApiOkResponse({ type: SignedCheckpointDto })
  @ApiConflictResponse({ description: 'The stored chain does not verify: the service signs no broken log.' })
  async checkpoint(
    @CurrentPrincipal() principal: Principal,
    @Param('id', MatchIdPipe) id: string,
  ): Promise<SignedCheckpoint> {
    const events = await this.events(principal, id);
    const stream = matchStream(id);
    const chain = verifyChain(stream, events);
    if (!chain.ok) {
      throw new ConflictException(
        `C-3: the stored log breaks at event ${chain.revision} (${chain.reason}); no checkpoint is signed`,
      );
    }
    return this.signer.sign({ stream, ...chain.head });
  }

  @Get('audit/public-key')
  @Public()
  @ApiOperation({
    summary: 'The Ed25519 public key that signs checkpoints, as PEM (SubjectPublicKeyInfo) and JWK.',
    description: 'Save the whole answer and pass it to `umpire verify --public-key FILE`.',
  })
  @ApiOkResponse({ type: PublicKeyDto })
  publicKey(): PublicKeyDocument {
    return this.signer.publicKeyDocument();
  }

  /** The events this caller may see now: a delayed spectator gets the log as it stood that many events ago. */
  private async events(principal: Principal, id: string): Promise<RecordedEvent[]> {
    assertMayRead(principal, id);
    const match = await this.matches.load(id);
    const visible = visibleRevision(principal, match, this.config.spectatorDelayEvents);
    const events: RecordedEvent[] = [];
    for await (const page of this.matches.events(id, visible)) events.push(...page);
    return events;
  }
}

/** Kept for callers of the earlier export helper. */
export { exportedEvent };
