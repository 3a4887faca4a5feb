#!/usr/bin/env -S node --max-semi-space-size=8 --no-memory-reducer
// The flags (also in `npm start` and SERVE_NODE_FLAGS for the benchmarks; test/node-flags.test.ts
// keeps the three alike; docs/performance.md, "Node flags"):
// --max-semi-space-size=8: a smaller young generation, peak RSS 115 MB instead of 178 MB on the
//   small bench at the same CPU per request.
// --no-memory-reducer: V8's idle collections otherwise drop node:http's object shapes, and a
//   cached answer then costs about 15% more CPU for good; the heap is not shrunk when idle.
// The `fantasy-data` admin command line (package bin -> dist/cli/main.js; `npm run -s cli -- ...`).
import { runCli } from './run.ts';
import { processIo } from './io.ts';

process.exitCode = await runCli(process.argv.slice(2), processIo);
