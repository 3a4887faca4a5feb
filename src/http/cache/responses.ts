// Rendered 200 responses kept as bytes, so a repeated request is a map lookup and a socket write.
// An entry is keyed by what the request asked (route, raw path parameters, checked query, format; the
// user too for the league list) and lists what it was built from (leagues, the user, a player
// pool): the change feed drops exactly the entries built from what changed. Entries of a league
// are shared by its members; a hit checks that the caller is one. gzip and br variants are made
// once per entry, on first demand, off the event loop.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { MediaType } from '../negotiate.ts';
import { flat } from '../wire/flat.ts';
import { fieldBlock } from '../wire/response-head.ts';
import { ETAG_SUFFIX } from './conditional.ts';
import type { Coding } from './conditional.ts';
import { ByteLru } from '../../serving/cache/lru.ts';
import type { Invalidation, Snapshots } from '../../serving/cache/snapshots.ts';
import { poolKeyOf } from '../../domain/pools.ts';
import { poolCacheKey } from '../../serving/cache/snapshots.ts';

/** Below this a compressed body saves less than its headers and its CPU cost. */
export const MIN_COMPRESSED_BYTES = 1024;
/**
 * Per-entry heap cost beyond its body bytes and key: the entry and representation objects, the
 * Buffer object, ETag and length strings, the LRU slot and map entry, the key in two dependency
 * sets. Measured, not guessed (test/http/cache-units.test.ts checks it against the heap): a
 * 200-byte answer takes about 1.05 KB in all, with a 10% margin here. (600 had been counted
 * while an entry took 1.4 KB, so a 48 MB budget could hold about 75 MB of small answers.)
 */
export const ENTRY_OVERHEAD_BYTES = 900;

/** The head blocks' objects beyond their characters: three strings' headers and the object. */
const BLOCKS_OVERHEAD_BYTES = 80;
/**
 * Bodies up to this size are also kept as a string of their bytes (latin1: a character a byte),
 * sent with the head as one string: node:http then makes one write of one string, where a Buffer
 * body goes out after the head through a corked pair of writes. On the bare reference server
 * (wrk, 5-6 rounds each, ratio to the reference with a Buffer), a string body against the same
 * Buffer: 256 B 1.03 against 0.98, 1 KB 0.96 against 0.93, 2 KB 0.97 against 0.92, but 4.4 KB
 * 0.88 against 0.91 (the copy into node's write storage outweighs the second buffer).
 */
const STRING_BODY_MAX_BYTES = 2 * 1024;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface Representation {
  readonly body: Buffer;
  readonly etag: string;
  readonly contentLength: string;
  /** Content-Encoding; undefined for identity. */
  readonly coding: 'gzip' | 'br' | undefined;
  /** Its header fields as sent, built on its first answer (CachedResponse.headBlocks). */
  blocks: HeadBlocks | undefined;
}

/** The fields of a representation's 200 and 304 heads, checked and joined (response-head.ts). */
export interface HeadBlocks {
  readonly ok: string;
  readonly notModified: string;
  /** The body as sent: its bytes as a latin1 string when small (STRING_BODY_MAX_BYTES). */
  readonly body: string | Buffer;
}

export interface RenderedResponse {
  contentType: string;
  body: string | Buffer;
  /** Headers the handler added (X-Match-Count), flat: name, value, name, value. */
  headers: readonly string[];
}

export class CachedResponse {
  readonly identity: Representation;
  private gzip: Representation | Promise<Representation> | undefined;
  private br: Representation | Promise<Representation> | undefined;

  constructor(
    readonly key: string,
    readonly contentType: string,
    body: Buffer,
    readonly headers: readonly string[],
    /** HTTP-date of the newest sync behind the body, if any. */
    readonly lastModified: string | undefined,
    /** The league whose members may be served this entry; undefined for a user's own list. */
    readonly leagueId: number | undefined,
    readonly dependencies: readonly string[],
    /** Shared by every entry of a cache (one closure per entry would cost its bytes each). */
    private readonly onGrow: (entry: CachedResponse, bytes: number) => void,
  ) {
    const hash = createHash('sha1').update(body).digest('base64url').slice(0, 22);
    this.identity = {
      body,
      etag: `"${hash}"`,
      contentLength: String(body.length),
      coding: undefined,
      blocks: undefined,
    };
  }

  /**
   * The header fields of `representation` in its 200 (content fields and the handler's too) and
   * in its 304, joined once, and its body as sent; `vary` is its route's, the same on every
   * answer of this entry.
   */
  headBlocks(representation: Representation, vary: string): HeadBlocks {
    if (representation.blocks !== undefined) return representation.blocks;
    const validators = ['Cache-Control', 'private', 'ETag', representation.etag, 'Vary', vary];
    if (this.lastModified !== undefined) validators.push('Last-Modified', this.lastModified);
    const content = [
      'Content-Type',
      this.contentType,
      'Content-Length',
      representation.contentLength,
    ];
    if (representation.coding !== undefined) {
      content.push('Content-Encoding', representation.coding);
    }
    const notModified = fieldBlock(validators);
    const { body } = representation;
    const blocks: HeadBlocks = {
      ok: flat(notModified + fieldBlock(content.concat(this.headers))),
      notModified,
      body: body.length <= STRING_BODY_MAX_BYTES ? body.toString('latin1') : body,
    };
    representation.blocks = blocks;
    // One-byte strings: a byte a character, plus the string objects and the blocks object.
    const text = typeof blocks.body === 'string' ? blocks.body.length : 0;
    this.onGrow(this, blocks.ok.length + notModified.length + text + BLOCKS_OVERHEAD_BYTES);
    return blocks;
  }

  /** The representation in `coding`, compressing on first demand (identity for small bodies). */
  representation(coding: Coding): Representation | Promise<Representation> {
    if (coding === 'identity' || this.identity.body.length < MIN_COMPRESSED_BYTES) {
      return this.identity;
    }
    if (coding === 'gzip') return (this.gzip ??= this.compress('gzip'));
    return (this.br ??= this.compress('br'));
  }

  private async compress(coding: 'gzip' | 'br'): Promise<Representation> {
    const { body, etag } = this.identity;
    const compressed =
      coding === 'gzip'
        ? await gzipAsync(body, { level: 6 })
        : await brotliAsync(body, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: 5,
              [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
              [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            },
          });
    const representation: Representation =
      compressed.length < body.length
        ? {
            body: compressed,
            etag: `${etag.slice(0, -1)}${ETAG_SUFFIX[coding]}"`,
            contentLength: String(compressed.length),
            coding,
            blocks: undefined,
          }
        : this.identity;
    this[coding] = representation;
    if (representation !== this.identity) this.onGrow(this, compressed.length);
    return representation;
  }
}

/** The entries built from one dependency, under the one copy of its name entries share. */
interface Dependents {
  readonly name: string;
  readonly keys: Set<string>;
}

/** Last-Modified texts kept (one per league sync seen); cleared when full, rebuilt on demand. */
const MAX_HTTP_DATES = 4096;

/** What an entry was built from: the app says which league or user, the cache finds the rest. */
export interface ResponseScope {
  userId: number;
  /** Set for the routes under /{league_id}/; unset for the user's league list. */
  leagueId: number | undefined;
}

export class ResponseCache {
  private readonly entries: ByteLru<string, CachedResponse>;
  /** Dependency ("l:7", "u:3", "p:sleeper:football") -> keys of the entries built from it. */
  private readonly dependents = new Map<string, Dependents>();
  /** Last-Modified texts by synced_at, so the entries of a league share one string. */
  private readonly httpDates = new Map<string, string>();
  private readonly grown = (entry: CachedResponse, bytes: number): void =>
    this.entries.grow(entry.key, bytes);

  constructor(
    private readonly snapshots: Snapshots,
    /** The budget (cacheBudgets in index.ts: 40% of CACHE_MB). */
    maxBytes: number,
  ) {
    this.entries = new ByteLru(maxBytes, (key, entry) => this.unlink(key, entry));
    snapshots.onInvalidate((invalidation) => this.invalidate(invalidation));
  }

  /** Read before building a response; pass it to `remember`. */
  get generation(): number {
    return this.snapshots.generation;
  }

  /**
   * The key of a request: route, its raw path parameters, its checked query (CheckedQuery.key),
   * the format, the user if needed.
   */
  static key(
    operationId: string,
    userId: number | undefined,
    params: readonly string[],
    queryKey: string | undefined,
    format: MediaType,
  ): string {
    // '\n' occurs neither in a request target nor in JSON, so the parts cannot run into each other.
    let key = `${operationId}\n${format}\n${userId ?? ''}`;
    for (const param of params) key += `\n${param}`;
    return queryKey === undefined ? key : `${key}\n?${queryKey}`;
  }

  /** The entry for `key` if held and the caller may see it; never waits. */
  lookup(key: string, userId: number): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.leagueId !== undefined) {
      const visible = this.snapshots.heldUserLeagues(userId)?.byId.has(entry.leagueId);
      if (visible !== true) return undefined;
    }
    return entry;
  }

  /**
   * Turns a freshly rendered response into an entry, kept unless the store changed since
   * `generation` was read or `keep` is false (then it is only sent, not kept).
   */
  async remember(
    key: string,
    scope: ResponseScope,
    generation: number,
    rendered: RenderedResponse,
    /** False: only build the entry (its ETag and head) to send it once. */
    keep = true,
  ): Promise<CachedResponse> {
    const body = typeof rendered.body === 'string' ? Buffer.from(rendered.body) : rendered.body;
    const { leagues, byId } = await this.snapshots.userLeagues(scope.userId);
    const dependencies: string[] = [];
    let newest: string | undefined;
    if (scope.leagueId === undefined) {
      dependencies.push(`u:${scope.userId}`);
      for (const { league, syncedAt } of leagues) {
        dependencies.push(`l:${league.leagueId}`);
        if (newest === undefined || syncedAt > newest) newest = syncedAt;
      }
    } else {
      const found = byId.get(scope.leagueId);
      if (found !== undefined) {
        dependencies.push(`l:${scope.leagueId}`, `p:${poolCacheKey(poolKeyOf(found.league))}`);
        newest = found.syncedAt;
      }
    }
    const entry = new CachedResponse(
      key,
      rendered.contentType,
      body,
      rendered.headers,
      newest === undefined ? undefined : this.httpDate(newest),
      scope.leagueId,
      dependencies.map((dependency) => this.interned(dependency)),
      this.grown,
    );
    // Not kept: the store changed while this was built, or the league vanished from the list.
    if (!keep || generation !== this.generation || dependencies.length === 0) return entry;
    this.entries.set(key, entry, body.length + key.length * 2 + ENTRY_OVERHEAD_BYTES);
    if (this.entries.get(key) === entry) {
      for (const name of entry.dependencies) {
        let dependents = this.dependents.get(name);
        if (dependents === undefined)
          this.dependents.set(name, (dependents = { name, keys: new Set() }));
        dependents.keys.add(key);
      }
    }
    return entry;
  }

  /** The copy of `dependency` the cache already holds, so entries share it instead of one each. */
  private interned(dependency: string): string {
    return this.dependents.get(dependency)?.name ?? dependency;
  }

  /** The HTTP-date of an ISO timestamp, one string per synced_at (the map is bounded). */
  private httpDate(iso: string): string {
    let text = this.httpDates.get(iso);
    if (text === undefined) {
      if (this.httpDates.size >= MAX_HTTP_DATES) this.httpDates.clear();
      text = new Date(iso).toUTCString();
      this.httpDates.set(iso, text);
    }
    return text;
  }

  stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.bytes };
  }

  private invalidate(invalidation: Invalidation): void {
    if ('all' in invalidation) {
      this.entries.clear();
      this.dependents.clear();
      return;
    }
    const dropped = [
      ...invalidation.leagueIds.map((id) => `l:${id}`),
      ...invalidation.userIds.map((id) => `u:${id}`),
      ...invalidation.pools.map((pool) => `p:${poolCacheKey(pool)}`),
    ];
    for (const dependency of dropped) {
      const dependents = this.dependents.get(dependency);
      if (dependents === undefined) continue;
      for (const key of [...dependents.keys]) this.entries.delete(key);
    }
  }

  private unlink(key: string, entry: CachedResponse): void {
    for (const dependency of entry.dependencies) {
      const dependents = this.dependents.get(dependency);
      if (dependents === undefined) continue;
      dependents.keys.delete(key);
      if (dependents.keys.size === 0) this.dependents.delete(dependency);
    }
  }
}
