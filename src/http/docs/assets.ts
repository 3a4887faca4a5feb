// The files /docs loads: Swagger UI's bundle and stylesheet, read from the swagger-ui-dist npm
// package as installed (nothing fetched from a CDN), and our own start-up script and stylesheet.
// Each is addressed by a hash of its bytes (/docs/assets/<hash>/<name>), so it can be cached for
// a year and an upgrade of the package is a new address. Read and compressed once, on first use.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { DOCS_INIT_SCRIPT, DOCS_STYLESHEET } from './own-assets.ts';

export const ASSET_PREFIX = '/docs/assets/';
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface DocsAsset {
  /** The address the page links, relative to /docs: `docs/assets/<hash>/<name>`. */
  href: string;
  contentType: string;
  body: Buffer;
  /** The body in a content coding, compressed on first use and kept. */
  encoded(coding: 'gzip' | 'br'): Buffer;
}

export interface DocsAssets {
  rendererVersion: string;
  bundle: DocsAsset;
  stylesheet: DocsAsset;
  init: DocsAsset;
  ownStylesheet: DocsAsset;
  /** By path (`/docs/assets/<hash>/<name>`). */
  byPath: ReadonlyMap<string, DocsAsset>;
}

function asset(name: string, contentType: string, body: Buffer): DocsAsset {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 12);
  const kept = new Map<'gzip' | 'br', Buffer>();
  return {
    href: `${ASSET_PREFIX.slice(1)}${hash}/${name}`,
    contentType,
    body,
    encoded(coding) {
      let bytes = kept.get(coding);
      if (bytes === undefined) {
        // Brotli quality 9, not 11: the bundle 392 KB, not 359 KB, in 0.6 s, not 8.7 s.
        bytes =
          coding === 'gzip'
            ? gzipSync(body, { level: 9 })
            : brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
        kept.set(coding, bytes);
      }
      return bytes;
    },
  };
}

let loaded: DocsAssets | undefined;

export function docsAssets(): DocsAssets {
  if (loaded !== undefined) return loaded;
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('swagger-ui-dist/package.json'));
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  const bundleText = readFileSync(join(root, 'swagger-ui-bundle.js'));
  // The stylesheet's last line names its source map, which is not served: drop it, so a
  // browser's developer tools do not ask for a file that is not there.
  const cssText = readFileSync(join(root, 'swagger-ui.css'), 'utf8').replace(
    /\/\*# sourceMappingURL=[^*]*\*\/\s*$/,
    '',
  );
  const js = 'text/javascript; charset=utf-8';
  const css = 'text/css; charset=utf-8';
  const bundle = asset('swagger-ui-bundle.js', js, bundleText);
  const stylesheet = asset('swagger-ui.css', css, Buffer.from(cssText));
  const init = asset('docs-init.js', js, Buffer.from(DOCS_INIT_SCRIPT));
  const ownStylesheet = asset('docs.css', css, Buffer.from(DOCS_STYLESHEET));
  const all = [bundle, stylesheet, init, ownStylesheet];
  loaded = {
    rendererVersion: version,
    bundle,
    stylesheet,
    init,
    ownStylesheet,
    byPath: new Map(all.map((a) => [`/${a.href}`, a])),
  };
  return loaded;
}
