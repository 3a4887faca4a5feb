#!/usr/bin/env -S node --max-semi-space-size=8
// The flag (also in `npm start` and SERVE_NODE_FLAGS for the benchmarks): V8's young generation
// capped at 2 x 8 MB instead of Node 20's 2 x 16 MB. Measured on `npm run bench -- --size small`:
// peak RSS 115 MB instead of 178 MB, CPU per cached request unchanged (17.0 vs 16.6-18.2 µs).
// The `fantasy-data` admin command line (package bin -> dist/cli/main.js; `npm run cli -- ...`).
import { runCli } from './run.ts';
import { processIo } from './io.ts';

process.exitCode = await runCli(process.argv.slice(2), processIo);
