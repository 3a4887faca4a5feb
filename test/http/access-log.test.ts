// The request line: what pino itself would write for the same fields, several lines of one
// event-loop turn in one write, nothing below the info level, no token past its display prefix.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import {
  generateAdminKey,
  generateConnectToken,
  generateToken,
  tokenDisplayPrefix,
} from '../../src/domain/tokens.ts';
import { AccessLog } from '../../src/http/wire/access-log.ts';
import { createLogger, isoTimeField } from '../../src/logger.ts';

function capture(level: 'info' | 'warn') {
  const writes: string[] = [];
  const logger = createLogger({
    level,
    destination: { write: (text: string) => writes.push(text) },
  });
  return { logger, writes };
}

type AnyLine = Record<string, unknown>;

const line = {
  requestId: 'req-1',
  method: 'GET',
  path: '/players/1/searchPlayer/name/"quoted" \\ ünïcode',
  route: 'searchPlayerByName',
  userId: 7,
  status: 200,
  durationMs: 0.42,
};

describe('AccessLog', () => {
  for (const [kind, path] of [
    ['a path JSON escapes, past ASCII', line.path],
    ['a plain ASCII path', '/players/1/searchPlayer/name/patrick%20mahomes'],
  ] as const) {
    it(`writes the line pino would write for the same fields (${kind})`, () => {
      const ours = capture('info');
      const access = new AccessLog(ours.logger);
      access.write({ ...line, path });
      access.flush();
      const theirs = capture('info');
      theirs.logger.info(
        {
          request_id: line.requestId,
          method: line.method,
          path,
          route: line.route,
          user_id: line.userId,
          status: line.status,
          duration_ms: line.durationMs,
        },
        'request',
      );
      const [written] = ours.writes;
      const [expected] = theirs.writes;
      assert.ok(written?.endsWith('\n'));
      const time = /"time":"[^"]*"/;
      assert.equal(written?.replace(time, ''), expected?.replace(time, ''));
      const { time: a } = JSON.parse(written ?? '') as Record<string, unknown>;
      assert.ok(typeof a === 'string' && !Number.isNaN(Date.parse(a)));
    });
  }

  it('writes durations as JSON.stringify does', () => {
    const { logger, writes } = capture('info');
    const access = new AccessLog(logger, 1000);
    const durations: number[] = [];
    for (let all = 0; all <= 200_000; all += all < 2000 ? 1 : 97) durations.push(all / 100);
    durations.push(1e9, 123_456_789.01, 2 ** 40, -1, -0.5, 1e300, Number.NaN);
    for (const durationMs of durations) access.write({ ...line, durationMs });
    access.flush();
    const texts = writes.join('').trimEnd().split('\n');
    assert.equal(texts.length, durations.length);
    durations.forEach((ms, at) => {
      assert.ok(
        texts[at]?.endsWith(`"duration_ms":${JSON.stringify(ms)},"msg":"request"}`),
        `${ms} ms: ${texts[at]}`,
      );
    });
  });

  it("writes pino's isoTime field for every millisecond, its second's part kept", () => {
    const field = isoTimeField();
    const pinoField = (ms: number) => `,"time":"${new Date(ms).toISOString()}"`;
    const start = Date.UTC(2026, 10, 25, 23, 59, 58, 990);
    // Across seconds, minutes, a day and a year's end, and back in time (a clock set back).
    const times = [
      ...Array.from({ length: 2100 }, (_, at) => start + at),
      Date.UTC(2026, 11, 31, 23, 59, 59, 999),
      Date.UTC(2027, 0, 1, 0, 0, 0, 0),
      start,
      0,
      7,
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(10000, 0, 1, 0, 0, 0, 5),
      Date.UTC(-1, 0, 1),
      Date.UTC(2030, 5, 1, 12, 0, 0, 40),
    ];
    for (const ms of times) assert.equal(field(ms), pinoField(ms), String(ms));
  });

  it('leaves out an unknown route and user, and cuts a long path', () => {
    const { logger, writes } = capture('info');
    const access = new AccessLog(logger);
    access.write({ ...line, route: undefined, userId: undefined, path: `/${'x'.repeat(300)}` });
    access.flush();
    const parsed = JSON.parse(writes[0] ?? '') as Record<string, unknown>;
    assert.equal('route' in parsed, false);
    assert.equal('user_id' in parsed, false);
    assert.equal(parsed.path, `/${'x'.repeat(255)}…`);
  });

  it('writes each field of its own request when one path is asked again and again', () => {
    const { logger, writes } = capture('info');
    const access = new AccessLog(logger);
    const path = '/league/findAllLeagues';
    // Each one differs from the line before it (the plain one) in one field.
    const variants = [
      { userId: 8 },
      { method: 'HEAD' },
      { status: 304 },
      { route: undefined },
      { userId: undefined },
      { adminKeyId: 3 },
      { requestId: 'req-2', durationMs: 1.5 },
      { path: '/league/settings/1' },
    ].flatMap((variant): Array<Partial<typeof line> & { adminKeyId?: number }> => [{}, variant]);
    for (const variant of variants) access.write({ ...line, path, ...variant });
    access.flush();
    const lines = (writes.join('').trimEnd().split('\n') as string[]).map(
      (text) => JSON.parse(text) as AnyLine,
    );
    assert.equal(lines.length, variants.length);
    variants.forEach((variant, at) => {
      const fields = { ...line, path, ...variant };
      assert.deepEqual(
        [
          lines[at]?.request_id,
          lines[at]?.method,
          lines[at]?.path,
          lines[at]?.route,
          lines[at]?.user_id,
          lines[at]?.admin_key_id,
          lines[at]?.status,
          lines[at]?.duration_ms,
        ],
        [
          fields.requestId,
          fields.method,
          fields.path,
          fields.route,
          fields.userId,
          fields.adminKeyId,
          fields.status,
          fields.durationMs,
        ],
        `line ${at}`,
      );
    });
  });

  it('writes the lines of one event-loop turn together, at the end of the turn', async () => {
    const { logger, writes } = capture('info');
    const access = new AccessLog(logger);
    access.write(line);
    access.write({ ...line, requestId: 'req-2' });
    assert.equal(writes.length, 0);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(writes.length, 1);
    const ids = (writes[0] ?? '')
      .split('\n')
      .filter((text) => text !== '')
      .map((text) => (JSON.parse(text) as { request_id: string }).request_id);
    assert.deepEqual(ids, ['req-1', 'req-2']);
  });

  it('keeps only the display prefix of a token of any kind found in a path', () => {
    const { logger, writes } = capture('info');
    const access = new AccessLog(logger);
    const tokens = [generateToken(), generateAdminKey(), generateConnectToken()];
    const paths = [
      `//connect/${tokens[2]}/finish`,
      `/connect//${tokens[2]}`,
      `/league/settings/${tokens[0]}`,
      `/admin/users/${tokens[1]}x`,
      `/connect/%66${(tokens[2] as string).slice(1)}`,
    ];
    for (const path of paths) access.write({ ...line, path });
    access.flush();
    const logged = (writes[0] ?? '')
      .split('\n')
      .filter((text) => text !== '')
      .map((text) => (JSON.parse(text) as { path: string }).path);
    for (const token of tokens) {
      assert.ok(!writes.join('').includes(token.slice(10)), `${token.slice(0, 10)} logged`);
    }
    assert.deepEqual(logged, [
      `//connect/${tokenDisplayPrefix(tokens[2] as string)}…/finish`,
      `/connect//${tokenDisplayPrefix(tokens[2] as string)}…`,
      `/league/settings/${tokenDisplayPrefix(tokens[0] as string)}…`,
      `/admin/users/${tokenDisplayPrefix(tokens[1] as string)}…`,
      `/connect/%66${(tokens[2] as string).slice(1, 10)}…`,
    ]);
    // Words that only look like a prefix are left alone.
    access.write({ ...line, path: '/players/1/searchPlayer/player_id/4046' });
    access.flush();
    assert.match(writes[1] ?? '', /"path":"\/players\/1\/searchPlayer\/player_id\/4046"/);
  });

  it('under load writes the lines of several turns together, at most every flushMs', async () => {
    const { logger, writes } = capture('info');
    const access = new AccessLog(logger, 40);
    // After a quiet spell the first line goes out at the end of its turn.
    access.write(line);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(writes.length, 1);
    // Lines right after it wait for the interval, over several turns, then go out in one write.
    for (let turn = 0; turn < 3; turn++) {
      access.write({ ...line, requestId: `later-${turn}` });
      await new Promise((resolve) => setImmediate(resolve));
    }
    assert.equal(writes.length, 1, 'nothing written before the interval');
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.equal(writes.length, 2);
    const ids = (writes[1] ?? '')
      .split('\n')
      .filter((text) => text !== '')
      .map((text) => (JSON.parse(text) as { request_id: string }).request_id);
    assert.deepEqual(ids, ['later-0', 'later-1', 'later-2']);
  });

  it('writes at once when 64 KB of lines are pending, and on flush (the app closing)', () => {
    const { logger, writes } = capture('info');
    const access = new AccessLog(logger, 1000);
    access.write(line);
    access.flush();
    assert.equal(writes.length, 1);
    for (let i = 0; writes.length === 1 && i < 1000; i++) {
      access.write({ ...line, path: `/${'x'.repeat(250)}` });
    }
    assert.equal(writes.length, 2, 'a full buffer is written without waiting');
    access.write(line);
    access.flush();
    assert.equal(writes.length, 3);
  });

  it('hands a Node stream the UTF-8 bytes of the lines, and each write its own buffer', () => {
    const chunks: Buffer[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    const access = new AccessLog(createLogger({ level: 'info', destination: stream }));
    access.write(line);
    access.flush();
    access.write({ ...line, requestId: 'req-2' });
    access.flush();
    assert.equal(chunks.length, 2);
    assert.ok(chunks.every((chunk) => Buffer.isBuffer(chunk)));
    const [first, second] = chunks.map((chunk) => JSON.parse(chunk.toString('utf8')) as AnyLine);
    assert.equal(first?.path, line.path, 'non-ASCII and escapes survive');
    assert.equal(first?.request_id, 'req-1');
    assert.equal(second?.request_id, 'req-2');
  });

  it('keeps a line whole whatever its length, and an id past ASCII as UTF-8', () => {
    const { logger, writes } = capture('info');
    const access = new AccessLog(logger, 1000);
    // Not ids the app lets through (it checks them): written all the same, as valid JSON.
    const long = 'r'.repeat(200_000);
    access.write({ ...line, requestId: 'before' });
    access.write({ ...line, requestId: long });
    access.write({ ...line, requestId: 'réq-ü€😀' });
    access.flush();
    const ids = writes
      .join('')
      .split('\n')
      .filter((text) => text !== '')
      .map((text) => (JSON.parse(text) as { request_id: string }).request_id);
    assert.deepEqual(ids, ['before', long, 'réq-ü€😀']);
  });

  it('writes nothing when info is off', async () => {
    const { logger, writes } = capture('warn');
    const access = new AccessLog(logger);
    access.write(line);
    access.flush();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(writes, []);
  });

  it('follows the logger when its level changes, until closed', () => {
    const { logger, writes } = capture('warn');
    const access = new AccessLog(logger);
    access.write({ ...line, requestId: 'while-warn' });
    logger.level = 'info';
    access.write({ ...line, requestId: 'after-info' });
    logger.level = 'error';
    access.write({ ...line, requestId: 'after-error' });
    access.close();
    assert.equal(logger.listenerCount('level-change'), 0);
    const ids = writes
      .join('')
      .trimEnd()
      .split('\n')
      .map((text) => (JSON.parse(text) as AnyLine).request_id);
    assert.deepEqual(ids, ['after-info']);
  });
});
