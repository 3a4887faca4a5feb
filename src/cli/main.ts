#!/usr/bin/env node
// The `fantasy-data` admin command line (package bin -> dist/cli/main.js; `npm run cli -- ...`).
import { runCli } from './run.ts';
import { processIo } from './io.ts';

process.exitCode = await runCli(process.argv.slice(2), processIo);
