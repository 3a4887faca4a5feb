// The /docs page: a short header, Swagger UI's mount point (it renders the OpenAPI document in
// the browser, with a try-it console), and the problem types rendered here, since every problem's
// `type` is a link to its entry (`/docs#problem-<code>`) and must resolve without the script.
import type { OpenApiDocument } from '../openapi.ts';
import { PROBLEMS, PROBLEM_CODES, problemTypeUri } from '../../serving/problems.ts';
import type { DocsAssets } from './assets.ts';

/**
 * The page's policy: nothing inline and nothing from elsewhere. script-src 'self' is the bundle
 * and our start-up file (no inline script, no eval: Swagger UI 5 needs neither); style-src 'self'
 * is the two stylesheets (the styles React sets on elements go through the CSSOM, which the
 * policy does not govern, so no 'unsafe-inline'); img-src data: for the stylesheet's SVG icons;
 * connect-src 'self' for the document and the calls of the try-it console. The browser test
 * (test/http/docs-browser.test.ts) fails on any violation. Sent with its companions on every
 * answer to /docs, from http/security-headers.ts.
 */
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
  "connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** Escapes, then renders `code` spans and blank-line paragraphs (all the markdown used here). */
function prose(text: string): string {
  return text
    .split(/\n\n+/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`)
    .join('');
}

function problemTypes(): string {
  const entries = PROBLEM_CODES.map((code) => {
    const { status, title, when } = PROBLEMS[code];
    const id = problemTypeUri(code).slice('/docs#'.length);
    return (
      `<dt id="${id}"><code>${code}</code> ${status}: ${escapeHtml(title)}</dt>` +
      `<dd>${prose(when)}</dd>`
    );
  }).join('');
  return (
    '<section class="docs-problems" id="problems"><h2>Problem types</h2>' +
    '<p>Every error is <code>application/problem+json</code> (RFC 9457); its <code>type</code> ' +
    `links to its entry below.</p><dl>${entries}</dl></section>`
  );
}

export function renderDocsPage(doc: OpenApiDocument, assets: DocsAssets): string {
  const title = `${doc.info.title} ${doc.info.version}`;
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeHtml(title)}: API reference</title>` +
    // No icon: without this line the browser asks for /favicon.ico, which is a 404.
    '<link rel="icon" href="data:,">' +
    `<link rel="stylesheet" href="${assets.stylesheet.href}">` +
    `<link rel="stylesheet" href="${assets.ownStylesheet.href}"></head><body>` +
    '<header class="docs-head"><h1>API reference</h1>' +
    '<p>The document is at <a href="openapi.json">/openapi.json</a>; every error links to its ' +
    '<a href="#problems">problem type</a> at the foot of this page.</p>' +
    '<p>To try a call: <strong>Authorize</strong> with your token (<code>XAuthToken</code>, ' +
    '<code>AuthToken</code> or <code>BearerToken</code>: any one), ' +
    'or, for the admin API, an admin key (<code>AdminKey</code>); then open an operation, ' +
    '<strong>Try it out</strong> and <strong>Execute</strong>. The calls go to this service.</p>' +
    '<noscript><p>The interactive reference needs JavaScript. The same is in ' +
    '<a href="openapi.json">/openapi.json</a>.</p></noscript></header>' +
    '<main id="swagger-ui"></main>' +
    problemTypes() +
    `<script src="${assets.bundle.href}"></script>` +
    `<script src="${assets.init.href}"></script>` +
    '</body></html>'
  );
}
