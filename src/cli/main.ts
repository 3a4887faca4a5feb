#!/usr/bin/env -S node --max-semi-space-size=8 --no-memory-reducer --no-maglev
// The flags (also in `npm start` and SERVE_NODE_FLAGS for the benchmarks; test/node-flags.test.ts
// keeps the three alike; docs/performance.md, "Node flags"):
// --max-semi-space-size=8: a smaller young generation, peak RSS 115 MB instead of 178 MB on the
//   small bench at the same CPU per request.
// --no-memory-reducer: V8's idle collections otherwise drop node:http's object shapes, and a
//   cached answer then costs about 15% more CPU for good; the heap is not shrunk when idle.
// --no-maglev: V8's mid tier (on by default since Node 22; hot code still reaches TurboFan). On
//   Node 24 it cost 7 MB at rest, and `npm run bench` peaks of 124-130 MB after the load runs,
//   151-160 after the cold path, against 119-121 and 145-153 without it, at the same CPU per
//   request and cold-search latency; starting costs about 70 ms more CPU (400 -> 470 ms).
// The `fantasy-data` admin command line (package bin -> dist/cli/main.js; `npm run -s cli -- ...`).
// The runtime is judged first (node-version.ts); the commands load only on a Node that runs them.
import { LONG_RUNNING_COMMANDS, judgeNode } from './node-version.ts';

const argv = process.argv.slice(2);
const node = judgeNode(process.versions.node);
if (node.kind === 'too-old') {
  process.stderr.write(`${node.message}\n`);
  process.exitCode = 1;
} else {
  if (node.kind === 'end-of-life' && LONG_RUNNING_COMMANDS.has(argv[0] ?? '')) {
    process.stderr.write(`${node.message}\n`);
  }
  const { runCli } = await import('./run.ts');
  const { processIo } = await import('./io.ts');
  process.exitCode = await runCli(argv, processIo);
}
