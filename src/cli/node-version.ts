// Which Node.js the service runs on (docs/deployment.md, "Node.js"). 24 and 22 are supported and
// CI runs on 24. 20 reached its end of life on 2026-04-30: the service still runs there as a best
// effort, with a warning, since refusing would strand a deployment in the middle of an upgrade.
// Anything older is refused before the rest of the code loads, with what to install.
// Imports nothing, so main.ts can judge the runtime before loading code a too-old Node may not run.

export const RECOMMENDED_NODE_MAJOR = 24;
export const OLDEST_SUPPORTED_NODE_MAJOR = 22;
const OLDEST_BEST_EFFORT_NODE_MAJOR = 20;

export type NodeVerdict =
  | { readonly kind: 'supported' }
  | { readonly kind: 'end-of-life'; readonly message: string }
  | { readonly kind: 'too-old'; readonly message: string };

/** `version` as in `process.versions.node` ("24.22.3"). */
export function judgeNode(version: string): NodeVerdict {
  const major = Number.parseInt(version.split('.')[0] ?? '', 10);
  const wanted =
    `Node.js ${RECOMMENDED_NODE_MAJOR} (or ${OLDEST_SUPPORTED_NODE_MAJOR}); ` +
    'https://nodejs.org/en/download lists the ways to install it';
  if (!Number.isInteger(major) || major < OLDEST_BEST_EFFORT_NODE_MAJOR) {
    return {
      kind: 'too-old',
      message: `fantasy-data needs ${wanted}. This is Node.js ${version}: install a supported one and run the command again.`,
    };
  }
  if (major < OLDEST_SUPPORTED_NODE_MAJOR) {
    return {
      kind: 'end-of-life',
      message:
        `warning: Node.js ${version} is past its end of life and gets no security fixes; ` +
        `fantasy-data still runs on it but is tested on ${wanted}.`,
    };
  }
  return { kind: 'supported' };
}

/** The commands that run for long, where the runtime's support matters: they say it at start. */
export const LONG_RUNNING_COMMANDS: ReadonlySet<string> = new Set(['serve', 'worker']);
