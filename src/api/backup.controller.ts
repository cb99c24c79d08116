import {
  ConflictException,
  Controller,
  ForbiddenException,
  HttpCode,
  Inject,
  Post,
  StreamableFile,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CurrentPrincipal, Roles } from '../auth/auth.decorators.js';
import type { Principal } from '../auth/principal.js';
import { takeBackupApart } from '../backup/backup-on-thread.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ApiAccess } from './dto/error.dto.js';

/** The secrets a service takes from its environment (the backup names them and cannot hold them). */
function secretsFromEnvironment(): string[] {
  return [
    'UMPIRE_SERVER_SECRET',
    'UMPIRE_SERVER_SECRET_FILE',
    'UMPIRE_SIGNING_KEY',
    'UMPIRE_ORGANISER_KEY',
  ].filter((name) => Boolean(process.env[name]));
}

@ApiTags('operations')
@Controller('backup')
export class BackupController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Post()
  @HttpCode(200)
  @Roles('organiser')
  @ApiAccess('organiser (not bound to a tournament)')
  @ApiProduces('application/octet-stream')
  @ApiOperation({
    summary:
      'A consistent copy of the service’s stores while it runs (SQLite’s online backup): the event store with every match, tournament and key, and the webhook state; for `umpire restore FILE` on another machine.',
    description:
      'Holds no secret: the server secret, the signing key and the organiser-key file stay on the machine (with the store, the server secret reads every sealed card). A service restored from it needs the same UMPIRE_SERVER_SECRET_FILE (and UMPIRE_SIGNING_KEY, or the signing-key.pem file) to be the same service; `umpire backup FILE` on the machine takes them too. 403 for a key bound to a tournament: a backup holds every tournament. The embedded SQLite store only (409 on EventStoreDB).',
  })
  @ApiOkResponse({
    description: 'The backup file: a line `umpire-backup 1`, a JSON manifest line, then the files’ bytes.',
    content: {
      'application/octet-stream': {
        schema: { type: 'string', format: 'binary' },
        example: 'umpire-backup 1\n{"files":[{"name":"umpire.db","bytes":4096,"sha256":"…"}]}\n…',
      },
    },
  })
  async backup(@CurrentPrincipal() principal: Principal): Promise<StreamableFile> {
    if (principal.tournamentId) {
      throw new ForbiddenException(
        'a key bound to a tournament cannot take a backup: it holds every tournament',
      );
    }
    if (this.config.eventStoreConnectionString) {
      throw new ConflictException(
        'the store is EventStoreDB: back it up with EventStoreDB’s own backup; this route copies the embedded SQLite store',
      );
    }
    const work = mkdtempSync(join(tmpdir(), 'umpire-backup-route-'));
    const file = join(work, 'backup.umpire');
    try {
      const manifest = await takeBackupApart({
        dataDir: this.config.dataDir,
        target: file,
        withSecrets: false,
        secretsFromEnvironment: secretsFromEnvironment(),
      });
      const body = createReadStream(file);
      body.once('close', () => rmSync(work, { recursive: true, force: true }));
      const stamp = manifest.takenAt.replace(/[:.]/g, '-');
      return new StreamableFile(body, {
        type: 'application/octet-stream',
        disposition: `attachment; filename="umpire-backup-${stamp}.umpire"`,
      });
    } catch (error) {
      rmSync(work, { recursive: true, force: true });
      throw error;
    }
  }
}
