// `fantasy-data connect-key` prints the keys the connect page's return URLs are checked with: the
// one derived from the deployment's secret key (FANTASY_SECRET_KEY here), or CONNECT_OUTCOME_KEYS
// when set, alone on standard output.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CliIo } from '../../src/cli/io.ts';
import { runCli } from '../../src/cli/run.ts';
import { connectSigningKey } from '../../src/domain/connect-outcome.ts';

const SECRET = 'ab'.repeat(32);

async function cli(...argv: string[]) {
  return cliWith({}, ...argv);
}

async function cliWith(env: Record<string, string>, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    env: { FANTASY_SECRET_KEY: SECRET, LOG_LEVEL: 'silent', ...env },
  };
  const code = await runCli(argv, io);
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

describe('fantasy-data connect-key', () => {
  it("prints the key derived from the deployment's secret key", async () => {
    const result = await cli('connect-key');
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, connectSigningKey(Buffer.from(SECRET, 'hex')));
    assert.match(result.stdout, /^[0-9a-f]{64}$/);
  });

  it('prints CONNECT_OUTCOME_KEYS instead, the signing key first, one a line', async () => {
    const [next, previous] = ['0f'.repeat(32), 'A1'.repeat(32)];
    const result = await cliWith({ CONNECT_OUTCOME_KEYS: `${next}, ${previous}` }, 'connect-key');
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(result.stdout.split('\n'), [next, previous.toLowerCase()]);
  });

  it('refuses arguments and shows its usage on --help', async () => {
    assert.equal((await cli('connect-key', 'extra')).code, 2);
    const help = await cli('connect-key', '--help');
    assert.equal(help.code, 0);
    assert.match(help.stdout, /fantasy-data connect-key/);
  });
});
