#!/usr/bin/env -S node --max-semi-space-size=8 --no-memory-reducer
// The flags (also in `npm start` and SERVE_NODE_FLAGS for the benchmarks; test/node-flags.test.ts
// keeps the three alike). --max-semi-space-size=8: V8's young generation capped at 2 x 8 MB
// instead of Node 20's 2 x 16 MB; on `npm run bench -- --size small` peak RSS 115 MB instead of
// 178 MB, CPU per cached request unchanged. --no-memory-reducer: V8's collections when the process
// falls idle drop the object shapes of node:http's requests and streams (no request is alive then),
// and the code rebuilt after them creates each tick object in a runtime call: after 90 s idle a
// cached answer cost 18.1-19.2 µs of CPU instead of 15.4-16.5 (perf: 9% of samples in
// Runtime_DefineKeyedOwnPropertyInLiteral under process.nextTick; docs/performance.md). Its cost:
// the heap is not shrunk when idle (93 MB at rest after a load instead of 72 on the demo).
// The `fantasy-data` admin command line (package bin -> dist/cli/main.js; `npm run cli -- ...`).
import { runCli } from './run.ts';
import { processIo } from './io.ts';

process.exitCode = await runCli(process.argv.slice(2), processIo);
