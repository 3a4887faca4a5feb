// Platform credentials at rest: AES-256-GCM under the configured key, or under a key file created
// in the data directory on first use (so a fresh install encrypts without any set-up).
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.ts';

export const KEY_FILE_NAME = 'secret.key';
const FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretError';
  }
}

/** Reads a 32-byte key written as 64 hex digits or base64 (the FANTASY_SECRET_KEY format). */
export function parseKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new SecretError('the secret key must be 32 bytes (hex or base64)');
  return key;
}

/**
 * The key from config, else from `<dataDir>/secret.key`, creating that file (mode 0600) when
 * missing. `wx` makes creation atomic, so two processes starting at once agree on one key.
 */
export function loadSecretKey(config: Pick<Config, 'secretKey' | 'dataDir'>): Buffer {
  if (config.secretKey !== undefined) return parseKey(config.secretKey);
  const file = join(config.dataDir, KEY_FILE_NAME);
  try {
    return parseKey(readFileSync(file, 'utf8'));
  } catch (error) {
    if (!isMissingFile(error)) throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseKey(readFileSync(file, 'utf8'));
}

/**
 * A value that tells whether two processes hold the same key, safe to store beside what the key
 * protects: an HMAC of a fixed label under the key. It reveals nothing of the key, and is not
 * any other value the service derives from it (those use other labels).
 */
export function secretKeyCheckValue(key: Buffer): string {
  return createHmac('sha256', key).update('fantasy-data secret key check v1').digest('hex');
}

function isMissingFile(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** `v1.<iv>.<tag>.<ciphertext>`, each part base64url: self-describing so the format can change. */
export function encryptSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [FORMAT, iv, tag, body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptSecret(key: Buffer, encoded: string): string {
  const parts = encoded.split('.');
  if (parts.length !== 4 || parts[0] !== FORMAT) {
    throw new SecretError('stored credentials are not in a known format');
  }
  const [iv, tag, body] = parts.slice(1).map((p) => Buffer.from(p, 'base64url')) as [
    Buffer,
    Buffer,
    Buffer,
  ];
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new SecretError('stored credentials are not in a known format');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    // GCM authentication failed: wrong key or tampered data; never echo the ciphertext.
    throw new SecretError('stored credentials cannot be decrypted with the current secret key');
  }
}

/**
 * A stable id for personal data (an e-mail address): an HMAC under the key with a label of its
 * own, so it is not any other value derived from the key (secretKeyCheckValue), and without the
 * key it cannot be recomputed from a guessed address. 32 hex digits (128 bits).
 */
export function pseudonymOf(key: Buffer, label: string, text: string): string {
  return createHmac('sha256', key)
    .update(`fantasy-data pseudonym v1\0${label}\0${text}`)
    .digest('hex')
    .slice(0, 32);
}

/** Encrypts and decrypts with a key loaded only when first needed (no key file for Sleeper-only use). */
export interface SecretBox {
  encrypt(plaintext: string): string;
  decrypt(encoded: string): string;
  /** pseudonymOf under the box's key. */
  pseudonym(label: string, text: string): string;
}

export function createSecretBox(config: Pick<Config, 'secretKey' | 'dataDir'>): SecretBox {
  let key: Buffer | undefined;
  const getKey = (): Buffer => (key ??= loadSecretKey(config));
  return {
    encrypt: (plaintext) => encryptSecret(getKey(), plaintext),
    decrypt: (encoded) => decryptSecret(getKey(), encoded),
    pseudonym: (label, text) => pseudonymOf(getKey(), label, text),
  };
}
