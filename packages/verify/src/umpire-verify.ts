#!/usr/bin/env node
/**
 * `umpire-verify FILE [--checkpoint FILE]… [--public-key FILE] [--allow-unsigned] [--json]`: the
 * offline verifier, bundled with the rules it replays into one file that needs nothing but Node.js
 * (no compiler, no native module, no node_modules). The very command `umpire verify` runs.
 */
import { verifyMain } from '../../../src/cli/verify-command.js';

process.exitCode = await verifyMain(process.argv.slice(2));
