import { Readable } from 'node:stream';
import { setImmediate as nextTurnOfTheLoop } from 'node:timers/promises';
import {
  Body,
  ConflictException,
  Controller,
  Get,
  Header,
  Headers,
  HttpCode,
  Inject,
  Param,
  Post,
  Res,
  StreamableFile,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiHeader,
  ApiNotModifiedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import { CheckpointSigner } from '../audit/checkpoint-signer.service.js';
import type { PublicKeyDocument, SignedCheckpoint } from '../audit/checkpoint.js';
import { ChainWalk } from '../audit/chain-walk.js';
import { exportETag, ifNoneMatchHolds } from '../audit/export-etag.js';
import { streamExportLines } from '../audit/export-lines.js';
import { LongWorkBudget } from '../audit/long-work-budget.js';
import { MatchSecrets } from '../match/match-secrets.service.js';
import { storePages } from '../audit/store-pages.js';
import type { VerificationReport, VerifyOptions } from '../audit/verifier.js';
import { verifyStoredStream } from '../audit/store-verify.js';
import { CurrentPrincipal, Public } from '../auth/auth.decorators.js';
import type { Principal } from '../auth/principal.js';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port.js';
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
 *
 * The export, the verification and the checkpoint read the stream in pages and give the event loop a
 * turn between pages: a 100,000-event match never stalls the other tables' commands. They
 * run within a budget (LongWorkBudget): one at a time per key, 429 beyond it.
 */
@ApiTags('audit')
@Controller()
export class AuditController {
  constructor(
    private readonly matches: MatchLoader,
    private readonly signer: CheckpointSigner,
    private readonly secrets: MatchSecrets,
    private readonly budget: LongWorkBudget,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('matches/:id/export')
  @ApiBearerAuth()
  @Header('Content-Type', 'application/x-ndjson; charset=utf-8')
  @ApiProduces('application/x-ndjson')
  @ApiOperation({
    summary:
      'The match as NDJSON: one stored event envelope a line, then the service’s signed checkpoint of the last one.',
    description:
      'The last line is the same object as GET /matches/:id/checkpoint, for the last event exported: a file cut short, or with events added, no longer verifies. It is left out only when the stored chain is broken (the service signs no broken log). Verify the file offline with packages/verify, which needs Node.js alone: `node packages/verify/dist/umpire-verify.js FILE --public-key KEY [--checkpoint FILE]`. Once the match has ended the export carries a weak ETag, and If-None-Match with it answers 304.',
  })
  @ApiOkResponse({
    description:
      'One JSON event envelope per line: type, data, metadata (stream, revision, commandId, actor, at, ruleset, prevHash, hash); then { checkpoint, algorithm, keyId, signature } (SignedCheckpointDto). Each envelope’s `type` and `data` are those of the match’s ruleset event union (EventViewDto, #/components/schemas/EventViewDto, told apart by `type`), as the organiser sees them.',
    content: {
      'application/x-ndjson': {
        schema: {
          type: 'string',
          description: 'One JSON event envelope per line, then the signed checkpoint of the last one.',
        },
        example:
          '{"type":"MatchCreated","data":{},"metadata":{"stream":"match-r1-t4","revision":1,"commandId":"c1","actor":{"role":"organiser"},"at":"2026-04-11T10:00:00.000Z","prevHash":"0…","hash":"9f…"}}\n' +
          '{"checkpoint":{"stream":"match-r1-t4","revision":1,"hash":"9f…","signedAt":"2026-04-11T10:05:00.000Z"},"algorithm":"Ed25519","keyId":"3c…","signature":"q1…"}\n',
      },
    },
  })
  @ApiHeader({
    name: 'If-None-Match',
    required: false,
    description:
      'The ETag of an export of this match saved earlier: 304 if the match has ended since and the export is the same.',
  })
  @ApiNotModifiedResponse({
    description:
      'The match has ended and its export is the one whose ETag was sent (weak: the closing checkpoint is signed again at each export, over the same head).',
  })
  async export(
    @CurrentPrincipal() principal: Principal,
    @Param('id', MatchIdPipe) id: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile | undefined> {
    assertMayRead(principal, id);
    const { visible, ended, headHash } = await this.visible(principal, id);
    if (ended) {
      // An ended match takes no more events: its export is fixed by its head.
      const etag = exportETag(
        { stream: matchStream(id), revision: visible, hash: headHash },
        this.signer.keyId,
      );
      void reply.header('ETag', etag);
      if (ifNoneMatchHolds(ifNoneMatch, etag)) {
        void reply.status(304);
        return undefined;
      }
    }
    // The budget is held until the last line is sent, or the client goes away.
    const release = this.budget.take(principal.keyId, 'export');
    const stream = matchStream(id);
    const { store, signer } = this;
    async function* lines(): AsyncGenerator<string> {
      try {
        yield* streamExportLines(store, signer, stream, visible);
      } finally {
        release();
      }
    }
    const body = Readable.from(lines());
    body.once('close', release);
    return new StreamableFile(body, { type: 'application/x-ndjson; charset=utf-8' });
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
    return this.verifyStored(principal, id, {});
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
    return this.verifyStored(principal, id, { checkpoints, publicKey: this.signer.publicKey });
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
    assertMayRead(principal, id);
    return this.budget.run(principal.keyId, 'checkpoint', async () => {
      const { visible } = await this.visible(principal, id);
      const stream = matchStream(id);
      const chain = new ChainWalk(stream);
      for await (const page of storePages(this.store, stream, visible)) {
        for (const event of page) chain.add(event);
        if (chain.broken) break;
        await nextTurnOfTheLoop();
      }
      if (chain.broken) {
        throw new ConflictException(
          `C-3: the stored log breaks at event ${chain.broken.revision} (${chain.broken.reason}); no checkpoint is signed`,
        );
      }
      return this.signer.sign({ stream, ...chain.head });
    });
  }

  @Get('audit/public-key')
  @Public()
  @ApiOperation({
    summary: 'The Ed25519 public key that signs checkpoints, as PEM (SubjectPublicKeyInfo) and JWK.',
    description:
      'Save the whole answer and pass it to `umpire-verify FILE --public-key KEY` (packages/verify) or `umpire verify`.',
  })
  @ApiOkResponse({ type: PublicKeyDto })
  publicKey(): PublicKeyDocument {
    return this.signer.publicKeyDocument();
  }

  /** The last revision this caller may see now: a delayed spectator sees the log as it stood that many events ago. */
  private async visible(
    principal: Principal,
    id: string,
  ): Promise<{ visible: number; ended: boolean; headHash: string }> {
    assertMayRead(principal, id);
    // The head revision from the cached aggregate: no read of the stream.
    const match = await this.matches.load(id);
    return {
      visible: visibleRevision(principal, match, this.config.spectatorDelayEvents),
      ended: match.meta.ended !== null,
      headHash: match.headHash,
    };
  }

  /**
   * The stored stream verified in pages (on SQLite, a long one on a worker thread; otherwise here,
   * yielding between pages: verifyStoredStream). Once the match has ended, the rolls
   * are checked as they pass against the seed this service derived for it (a hint the verifier trusts
   * only if the log's own reveal is that seed), so that the log is read once.
   */
  private async verifyStored(
    principal: Principal,
    id: string,
    options: VerifyOptions,
  ): Promise<VerificationReport> {
    assertMayRead(principal, id);
    return this.budget.run(principal.keyId, 'verify', async () => {
      const { visible, ended } = await this.visible(principal, id);
      return verifyStoredStream(this.store, matchStream(id), visible, {
        ...options,
        ...(ended ? { seedHint: this.secrets.seed(id).toString('hex') } : {}),
      });
    });
  }
}
