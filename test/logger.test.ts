// The logger censors tokens, credentials and auth headers wherever a log call carries them.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { createLogger } from '../src/logger.ts';

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, destination };
}

describe('logger', () => {
  it('redacts auth headers, tokens and credentials', () => {
    const { lines, destination } = capture();
    const logger = createLogger({ level: 'info', destination });
    const secret = 'fld_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    logger.info(
      {
        req: {
          method: 'GET',
          headers: {
            'x-auth-token': secret,
            auth_token: secret,
            authorization: `Bearer ${secret}`,
            accept: 'application/json',
          },
        },
        token: secret,
        account: {
          username: 'solarpool',
          credentials: 'cookie=1',
          credentialsEncrypted: 'v1.x.y.z',
        },
      },
      'request',
    );
    assert.equal(lines.length, 1);
    const text = lines[0] ?? '';
    assert.ok(!text.includes(secret), text);
    assert.ok(!text.includes('cookie=1'));
    assert.ok(!text.includes('v1.x.y.z'));
    const line = JSON.parse(text) as {
      req: { headers: Record<string, string> };
      account: Record<string, string>;
      msg: string;
    };
    assert.equal(line.req.headers['x-auth-token'], '[redacted]');
    assert.equal(line.req.headers.accept, 'application/json');
    assert.equal(line.account.username, 'solarpool');
    assert.equal(line.msg, 'request');
  });

  it('honours the level', () => {
    const { lines, destination } = capture();
    const logger = createLogger({ level: 'warn', destination });
    logger.info('hidden');
    logger.warn('shown');
    assert.equal(lines.length, 1);
  });
});
