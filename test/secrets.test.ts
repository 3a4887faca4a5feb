// Credential encryption: round trips, refuses tampering and wrong keys, and creates its key file
// once with owner-only permissions when no key is configured.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  KEY_FILE_NAME,
  createSecretBox,
  decryptSecret,
  encryptSecret,
  loadSecretKey,
  parseKey,
  pseudonymOf,
} from '../src/secrets.ts';

const HEX_KEY = '0f'.repeat(32);

describe('secrets', () => {
  it('round-trips and never contains the plaintext', () => {
    const key = parseKey(HEX_KEY);
    const sealed = encryptSecret(key, 'espn_s2=abc; SWID={123}');
    assert.ok(!sealed.includes('abc'));
    assert.match(sealed, /^v1\./);
    assert.notEqual(encryptSecret(key, 'same'), encryptSecret(key, 'same'), 'a fresh IV each time');
    assert.equal(decryptSecret(key, sealed), 'espn_s2=abc; SWID={123}');
  });

  it('accepts the key as base64 too', () => {
    const base64 = Buffer.from(HEX_KEY, 'hex').toString('base64');
    assert.deepEqual(parseKey(base64), parseKey(HEX_KEY));
    assert.throws(() => parseKey('abcd'), /32 bytes/);
  });

  it('refuses a wrong key and tampered data without echoing them', () => {
    const sealed = encryptSecret(parseKey(HEX_KEY), 'secret');
    assert.throws(() => decryptSecret(parseKey('1e'.repeat(32)), sealed), /cannot be decrypted/);
    const parts = sealed.split('.');
    parts[3] = Buffer.from('XXXXXX').toString('base64url');
    assert.throws(() => decryptSecret(parseKey(HEX_KEY), parts.join('.')), /cannot be decrypted/);
    assert.throws(() => decryptSecret(parseKey(HEX_KEY), 'plain text'), /not in a known format/);
  });

  it('creates a 0600 key file under the data dir on first use and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fantasy-secrets-'));
    try {
      const dataDir = join(dir, 'data');
      const box = createSecretBox({ secretKey: undefined, dataDir });
      assert.throws(
        () => statSync(join(dataDir, KEY_FILE_NAME)),
        /ENOENT/,
        'no key file before first use',
      );
      const sealed = box.encrypt('token');
      const file = join(dataDir, KEY_FILE_NAME);
      assert.equal(statSync(file).mode & 0o777, 0o600);
      const again = createSecretBox({ secretKey: undefined, dataDir });
      assert.equal(again.decrypt(sealed), 'token');
      assert.deepEqual(
        loadSecretKey({ secretKey: undefined, dataDir }),
        parseKey(readFileSync(file, 'utf8')),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prefers the configured key over a key file', () => {
    const box = createSecretBox({ secretKey: HEX_KEY, dataDir: '/nonexistent/never-created' });
    assert.equal(decryptSecret(parseKey(HEX_KEY), box.encrypt('x')), 'x');
  });

  it('pseudonyms: stable under one key, apart per label and per key, never the text', () => {
    const box = createSecretBox({ secretKey: HEX_KEY, dataDir: '/nonexistent/never-created' });
    const id = box.pseudonym('fleaflicker account', 'ann@example.com');
    assert.match(id, /^[0-9a-f]{32}$/);
    assert.equal(box.pseudonym('fleaflicker account', 'ann@example.com'), id);
    assert.notEqual(box.pseudonym('fleaflicker account', 'bea@example.com'), id);
    assert.notEqual(box.pseudonym('other account', 'ann@example.com'), id);
    const other = createSecretBox({ secretKey: 'e'.repeat(64), dataDir: '/nonexistent' });
    assert.notEqual(other.pseudonym('fleaflicker account', 'ann@example.com'), id);
    assert.notEqual(pseudonymOf(parseKey(HEX_KEY), 'fleaflicker account', ''), id);
  });
});
