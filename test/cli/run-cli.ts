// Spawns the real CLI (`node --import tsx src/cli/main.ts ...`) against a throwaway data dir.
// Asynchronous on purpose: a fake platform server in the test process must keep answering.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_SEASONS } from '../helpers/seasons.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CLI_ENTRY = join(REPO_ROOT, 'src/cli/main.ts');
/** tsx's loader by its full address, so the CLI also runs from folders outside the repository. */
const TSX_LOADER = import.meta.resolve('tsx');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A clean environment: only what node needs plus the test's own variables. */
export function cliEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {
    LOG_LEVEL: 'silent',
    FANTASY_DEMO_ON_EMPTY: 'false',
    SUPPORTED_SEASONS: TEST_SEASONS,
  };
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'SYSTEMROOT']) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...extra };
}

/** `cwd` defaults to the repository (a store in ./data there is relative to it). */
export function runCli(
  args: readonly string[],
  env: Record<string, string>,
  cwd: string = REPO_ROOT,
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX_LOADER, CLI_ENTRY, ...args], {
      cwd,
      env: cliEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface TempDir {
  path: string;
  remove(): void;
}

export function tempDataDir(): TempDir {
  const path = mkdtempSync(join(tmpdir(), 'fantasy-cli-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
