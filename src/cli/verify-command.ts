import { readFileSync } from 'node:fs';
import type { KeyObject } from 'node:crypto';
import { parsePublicKey, parseSignedCheckpoint, type SignedCheckpoint } from '../audit/checkpoint.js';
import { ExportFormatError } from '../audit/export-format.js';
import type { VerificationReport } from '../audit/verifier.js';
import { verifyPages } from '../audit/verify-pages.js';
import { isTournamentExport } from '../audit/tournament-export-verifier.js';
import { ExportFile } from './export-file.js';
import { verifyTournamentFile } from './verify-tournament.js';

/**
 * `umpire verify FILE [--checkpoint FILE]… [--public-key FILE] [--allow-unsigned] [--json]`: verifies an
 * exported match (GET /matches/:id/export) offline, with no server and no database, trusting nothing
 * but the file, the published rules and, for checkpoints, the service's public key (GET
 * /audit/public-key). The file is read a piece at a time: memory follows the match's state, not its
 * length.
 *
 * A checkpoint proves something only once its signature is checked: without --public-key the command
 * never says VERIFIED of one, and exits 3 unless --allow-unsigned says to accept the log without them.
 *
 * Exit status: 0 every check holds; 1 a discrepancy (the first is named by event and rule, or a line
 * of the export that does not read as one, by its number); 2 the command line or a file could not be
 * read; 3 every check holds but checkpoint signatures (or the export's closing checkpoint) could not be
 * checked.
 */
export const EXIT_OK = 0;
export const EXIT_DISCREPANCY = 1;
export const EXIT_USAGE = 2;
export const EXIT_UNSIGNED = 3;

/** The usage text; `program` is how the command was called (`umpire verify`, or the package's `umpire-verify`). */
const usage = (
  program: string,
): string => `usage: ${program} FILE [--checkpoint FILE]... [--public-key FILE] [--allow-unsigned] [--json]

  FILE               a match exported by GET /matches/:id/export (NDJSON, one event a line, then the
                     service's signed checkpoint of the last one), or a tournament exported by
                     GET /tournaments/:id/export (recognised by its summary line)
  --checkpoint FILE  a checkpoint kept from GET /matches/:id/checkpoint (repeatable); the event at its
                     revision must still have its hash
  --public-key FILE  the service's key from GET /audit/public-key (the JSON, a PEM or a JWK); checks
                     each checkpoint's Ed25519 signature, the export's closing one included
  --allow-unsigned   accept the log although checkpoint signatures cannot be checked (no --public-key)
                     or the export has no closing checkpoint; the report says what that leaves unproven
  --json             print the whole report as JSON instead of text

Exit status: 0 verified, 1 a discrepancy (a line of FILE that does not parse is one), 2 bad usage or
a file that cannot be read, 3 checks hold but checkpoint signatures were not checked (give
--public-key, or --allow-unsigned).`;

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

const consoleOutput: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

class UsageError extends Error {}

interface VerifyArgs {
  file: string;
  checkpoints: string[];
  publicKey?: string;
  allowUnsigned: boolean;
  json: boolean;
}

function parseVerifyArgs(args: readonly string[]): VerifyArgs {
  const parsed: VerifyArgs = { file: '', checkpoints: [], json: false, allowUnsigned: false };
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg];
    const value = (): string => {
      const next = inline ?? args[++i];
      if (next === undefined || next === '') throw new UsageError(`${flag} needs a FILE`);
      return next;
    };
    switch (flag) {
      case '--checkpoint':
        parsed.checkpoints.push(value());
        break;
      case '--public-key':
        if (parsed.publicKey !== undefined) throw new UsageError('--public-key is given twice');
        parsed.publicKey = value();
        break;
      case '--json':
        parsed.json = true;
        break;
      case '--allow-unsigned':
        parsed.allowUnsigned = true;
        break;
      default:
        if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unknown option ${arg}`);
        files.push(arg);
    }
  }
  if (files.length !== 1) throw new UsageError(files.length === 0 ? 'FILE is missing' : 'give one FILE');
  parsed.file = files[0]!;
  return parsed;
}

function readText(path: string, what: string): string {
  try {
    return readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read ${what} ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
}

function readCheckpoints(path: string): SignedCheckpoint[] {
  let value: unknown;
  try {
    value = JSON.parse(readText(path, 'checkpoint'));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`checkpoint ${path} is not JSON`);
  }
  const list = Array.isArray(value) ? value : [value];
  try {
    return list.map((item, i) => parseSignedCheckpoint(item, list.length > 1 ? `${path}[${i}]` : path));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function readPublicKey(path: string): KeyObject {
  try {
    return parsePublicKey(readText(path, 'public key'));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`public key ${path}: ${(error as Error).message}`);
  }
}

const mark = (ok: boolean): string => (ok ? 'ok' : 'FAILED');

function reportLines(report: VerificationReport, file: string): string[] {
  const { checked } = report;
  const lines = [`umpire verify ${file}`];
  if (report.matchId !== null) {
    const ruleset = report.ruleset
      ? `${report.ruleset.id} ${report.ruleset.version} (parameters ${report.ruleset.hash.slice(0, 16)}…)`
      : 'unknown rules';
    lines.push(`  match         ${report.matchId} (${report.stream}), ${ruleset}`);
  }
  // Which rules the log was replayed with, and whether exactly those it records: every report says it.
  lines.push(`  rules         ${report.rules.message}`);
  if (report.head)
    lines.push(
      `  events        ${checked.events}, head event ${report.head.revision} hash ${report.head.hash}`,
    );
  lines.push(`  chain         ${mark(checked.chain.ok)}: ${checked.chain.message}`);
  lines.push(`  outcomes      ${mark(checked.outcomes.ok)}: ${checked.outcomes.message}`);
  const rolls = checked.serverRolls;
  const rollsMark =
    rolls.status === 'pending-seed'
      ? 'not yet checkable'
      : rolls.status === 'not-applicable'
        ? '-'
        : mark(rolls.ok);
  lines.push(`  server rolls  ${rollsMark}: ${rolls.message}`);
  lines.push(`  reveals       ${mark(checked.reveals.ok)}: ${checked.reveals.message}`);
  for (const checkpoint of checked.checkpoints.checked) {
    const signature =
      checkpoint.signature === 'not-checked'
        ? 'signature NOT checked (no --public-key): unverified'
        : `signature ${checkpoint.signature}`;
    lines.push(
      `  ${checkpoint.closing ? 'closing      ' : 'checkpoint   '} ${mark(checkpoint.matches && checkpoint.signature === 'valid')}: event ${checkpoint.revision} hash ${checkpoint.hash.slice(0, 16)}… signed ${checkpoint.signedAt}, ${checkpoint.matches ? (checkpoint.closing ? 'the last event of the file' : 'still in the log') : 'NOT in the log'}, ${signature}`,
    );
  }
  lines.push(`  checkpoints   ${checked.checkpoints.message}`);
  for (const d of report.discrepancies) {
    lines.push(`  discrepancy   event ${d.revision} ${d.ruleId} [${d.check}]: ${d.message}`);
  }
  return lines;
}

/** The last line, and the exit status: VERIFIED only when nothing was left unchecked, or that was allowed. */
function verdict(
  report: VerificationReport,
  unsignedExport: boolean,
  allowUnsigned: boolean,
): [string, number] {
  const first = report.firstDiscrepancy;
  if (first) {
    return [
      `FAILED: the first discrepancy is at event ${first.revision}, rule ${first.ruleId}: ${first.message}`,
      EXIT_DISCREPANCY,
    ];
  }
  const unchecked = report.checked.checkpoints.unverifiedSignatures;
  const left = [
    unchecked > 0
      ? `${unchecked} checkpoint signature${unchecked === 1 ? ' was' : 's were'} not checked (no --public-key)`
      : '',
    unsignedExport
      ? 'the export has no closing checkpoint, so a file cut short at the end would verify too'
      : '',
  ].filter(Boolean);
  if (left.length === 0) return ['VERIFIED: every check holds', EXIT_OK];
  if (!allowUnsigned) {
    return [
      `NOT VERIFIED: the log's checks hold, but ${left.join('; ')}; give --public-key FILE (GET /audit/public-key), or --allow-unsigned to accept the log without that proof`,
      EXIT_UNSIGNED,
    ];
  }
  return [`VERIFIED the log only (--allow-unsigned): ${left.join('; ')}`, EXIT_OK];
}

export async function verifyCommand(args: readonly string[], io: Output = consoleOutput): Promise<number> {
  const parsed = parseVerifyArgs(args);
  const checkpoints = parsed.checkpoints.flatMap(readCheckpoints);
  const publicKey = parsed.publicKey === undefined ? undefined : readPublicKey(parsed.publicKey);
  let report: VerificationReport;
  let unsignedExport: boolean;
  try {
    const file = new ExportFile(parsed.file);
    if (isTournamentExport(firstLineOf(file))) {
      if (checkpoints.length > 0)
        throw new UsageError('--checkpoint is for a match export, not a tournament');
      const { allowUnsigned, json } = parsed;
      return verifyTournamentFile(
        file.lines(),
        parsed.file,
        { allowUnsigned, json, ...(publicKey ? { publicKey } : {}) },
        io,
      );
    }
    const known = file.prescan();
    // The closing checkpoint is the file's last line: read ahead so the verifier knows its revision.
    const closing = file.closingAhead();
    unsignedExport = closing === undefined;
    const chainApart = file.chainApart();
    report = await verifyPages(() => file.pages(), {
      ...(chainApart ? { chainApart } : {}),
      checkpoints,
      ...(publicKey ? { publicKey } : {}),
      ...known,
      ...(closing ? { endCheckpoint: closing } : parsed.allowUnsigned ? {} : { endCheckpoint: 'missing' }),
    });
    if (JSON.stringify(file.closing) !== JSON.stringify(closing)) {
      throw new UsageError(`${parsed.file} changed while it was read`);
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    // C-3 a line that does not read as an export line is a finding about the file, not a misuse of
    // the command: one byte changed in a line makes it so, and a script must see it as a failure.
    if (error instanceof ExportFormatError) return unreadableLine(error, parsed, io);
    const code = (error as NodeJS.ErrnoException).code;
    if (code) throw new UsageError(`cannot read export ${parsed.file}: ${code}`);
    throw error;
  }
  const [last, status] = verdict(report, unsignedExport, parsed.allowUnsigned);
  if (parsed.json) io.out(JSON.stringify(report, null, 2));
  else [...reportLines(report, parsed.file), last].forEach((line) => io.out(line));
  if (parsed.json && status !== EXIT_OK) io.err(last);
  return status;
}

/** The report of an export with a line that does not read as one: FAILED, naming the line. */
function unreadableLine(error: ExportFormatError, parsed: VerifyArgs, io: Output): number {
  const last = `FAILED: ${parsed.file} line ${error.line} does not read as an export line (${error.message}): the file was altered or is not a match export`;
  if (parsed.json) {
    io.out(
      JSON.stringify(
        { ok: false, file: parsed.file, unreadableLine: { line: error.line, message: error.message } },
        null,
        2,
      ),
    );
    io.err(last);
  } else {
    [`umpire verify ${parsed.file}`, `  format        FAILED: ${error.message}`, last].forEach((line) =>
      io.out(line),
    );
  }
  return EXIT_DISCREPANCY;
}

function firstLineOf(file: ExportFile): string {
  for (const line of file.lines()) return line;
  return '';
}

/** The whole command line after `umpire`; returns the exit status. */
export async function main(argv: readonly string[], io: Output = consoleOutput): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    (command === undefined ? io.err : io.out)(usage('umpire verify'));
    return command === undefined ? EXIT_USAGE : EXIT_OK;
  }
  if (command !== 'verify') {
    io.err(`umpire: unknown command ${command}`);
    io.err(usage('umpire verify'));
    return EXIT_USAGE;
  }
  return verifyMain(rest, io, 'umpire verify');
}

/**
 * The verify command line alone (`umpire-verify FILE …`, the bin of packages/verify; `umpire verify
 * FILE …` through main): the same verification, report and exit status either way.
 */
export async function verifyMain(
  args: readonly string[],
  io: Output = consoleOutput,
  program = 'umpire-verify',
): Promise<number> {
  try {
    if (args.includes('--help') || args.includes('-h')) {
      io.out(usage(program));
      return EXIT_OK;
    }
    return await verifyCommand(args, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${program.split(' ')[0]}: ${error.message}`);
    io.err(usage(program));
    return EXIT_USAGE;
  }
}
