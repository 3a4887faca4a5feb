// Renders the OpenAPI document as one self-contained HTML page (no scripts, no external styles or
// fonts), so /docs works offline and behind any firewall. Built once at start-up.
import type {
  HttpMethod,
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  ResponseObject,
  SecurityScheme,
} from './openapi.ts';

const METHODS: readonly HttpMethod[] = ['get', 'post', 'delete'];
import type { SchemaObject } from './openapi-schema.ts';
import { PROBLEMS, PROBLEM_CODES, problemTypeUri } from '../serving/problems.ts';

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#1d232a;background:#fafbfc}
header,main{max-width:980px;margin:0 auto;padding:0 24px}
header{padding-top:24px}h1{margin-bottom:4px}h2{margin-top:40px;border-bottom:2px solid #d8dee4;padding-bottom:4px}
article{background:#fff;border:1px solid #d8dee4;border-radius:6px;padding:4px 20px 12px;margin:20px 0}
code,pre{font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#f0f3f6;border-radius:4px}
code{padding:1px 4px}pre{padding:10px 12px;overflow-x:auto}
table{border-collapse:collapse;width:100%;margin:8px 0}th,td{text-align:left;vertical-align:top;padding:6px 8px;border-bottom:1px solid #e4e8ec}
th{font-weight:600;background:#f6f8fa}.method{display:inline-block;background:#1f6feb;color:#fff;border-radius:4px;padding:0 8px;margin-right:8px;font-size:13px}
.muted{color:#57606a}nav ul{columns:2;padding-left:20px}a{color:#0b5cd5}`;

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

function schemaLink(ref: string): string {
  const name = ref.slice(ref.lastIndexOf('/') + 1);
  return `<a href="#schema-${name}">${escapeHtml(name)}</a>`;
}

/** A short human reading of a schema: "array of League", "integer (int64), 1 to 9007199254740991". */
function typeOf(schema: SchemaObject): string {
  if (typeof schema.$ref === 'string') return schemaLink(schema.$ref);
  if (schema.type === 'array') return `array of ${typeOf(schema.items as SchemaObject)}`;
  if (Array.isArray(schema.enum))
    return `one of ${schema.enum.map((v) => `<code>${escapeHtml(String(v))}</code>`).join(', ')}`;
  if (schema.type === 'object' && typeof schema.additionalProperties === 'object') {
    return `object mapping text to ${typeOf(schema.additionalProperties as SchemaObject)}`;
  }
  const parts = [escapeHtml(String(schema.type ?? 'any'))];
  if (typeof schema.format === 'string') parts.push(`(${escapeHtml(schema.format)})`);
  if (schema.minimum !== undefined && schema.maximum !== undefined)
    parts.push(`, ${schema.minimum} to ${schema.maximum}`);
  if (schema.minLength !== undefined && schema.maxLength !== undefined) {
    parts.push(`, ${schema.minLength} to ${schema.maxLength} characters`);
  }
  return parts.join(' ');
}

function parameterRows(parameters: readonly ParameterObject[]): string {
  if (parameters.length === 0) return '<p class="muted">No parameters.</p>';
  const rows = parameters.map(
    (p) =>
      `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}${p.required ? ', required' : ''}${p.explode ? ', repeatable' : ''}</td>` +
      `<td>${typeOf(p.schema)}</td><td>${escapeHtml(p.description ?? '')}</td></tr>`,
  );
  return `<table><tr><th>Name</th><th>In</th><th>Type</th><th>Description</th></tr>${rows.join('')}</table>`;
}

function responseRows(responses: Readonly<Record<string, ResponseObject>>): string {
  const rows = Object.entries(responses).map(([status, response]) => {
    const content = Object.entries(response.content ?? {})
      .map(([type, media]) => `<code>${escapeHtml(type)}</code>: ${typeOf(media.schema)}`)
      .join('<br>');
    const headers = Object.keys(response.headers ?? {})
      .map((h) => `<code>${escapeHtml(h)}</code>`)
      .join(' ');
    const description = escapeHtml(response.description).replace(
      /`([a-z_]+)`/g,
      (_, code: string) =>
        `<a href="${problemTypeUri(code as keyof typeof PROBLEMS)}"><code>${code}</code></a>`,
    );
    return `<tr><td>${status}</td><td>${description}</td><td>${content}</td><td>${headers}</td></tr>`;
  });
  return `<table><tr><th>Status</th><th>Meaning</th><th>Body</th><th>Headers</th></tr>${rows.join('')}</table>`;
}

/** The header a scheme is sent in, as a reader types it. */
function schemeHeader(scheme: SecurityScheme): string {
  return scheme.type === 'apiKey' ? scheme.name : 'Authorization: Bearer';
}

function operationArticle(
  path: string,
  method: HttpMethod,
  op: OperationObject,
  headerOf: Readonly<Record<string, SecurityScheme>>,
): string {
  // Name the headers, not the schemes: a reader sends X-Auth-Token, not "XAuthToken".
  const security = op.security
    .map((s) =>
      Object.keys(s)
        .map((scheme) => {
          const found = headerOf[scheme];
          return `<code>${escapeHtml(found === undefined ? scheme : schemeHeader(found))}</code>`;
        })
        .join(' + '),
    )
    .join(' or ');
  const product = op['x-required-product'];
  const samples = (op['x-codeSamples'] ?? [])
    .map((s) => `<pre>${escapeHtml(s.source)}</pre>`)
    .join('');
  return (
    `<article id="op-${op.operationId}"><h3><span class="method">${method.toUpperCase()}</span><code>${escapeHtml(path)}</code></h3>` +
    `<p><strong>${escapeHtml(op.summary)}</strong> <span class="muted">(operationId <code>${op.operationId}</code>)</span></p>` +
    prose(op.description) +
    (product
      ? `<p>Product: <code>${product}</code>. Token header: ${security}.</p>`
      : security !== ''
        ? `<p>Admin key: ${security}.</p>`
        : '<p>No token needed.</p>') +
    `<h4>Parameters</h4>${parameterRows(op.parameters)}` +
    (op.requestBody === undefined
      ? ''
      : `<h4>Body</h4><p><code>application/json</code>: ${bodyRows(op.requestBody.content['application/json']?.schema ?? {})}</p>`) +
    `<h4>Responses</h4>${responseRows(op.responses)}` +
    `<h4>Example</h4>${samples}</article>`
  );
}

/** An inline body schema: its members, or its type. */
function bodyRows(schema: SchemaObject): string {
  const properties = (schema.properties ?? {}) as Record<string, SchemaObject>;
  const names = Object.keys(properties);
  if (names.length === 0) return typeOf(schema);
  return names
    .map((name) => `<code>${escapeHtml(name)}</code> ${typeOf(properties[name] as SchemaObject)}`)
    .join('; ');
}

function schemaArticle(name: string, schema: SchemaObject): string {
  const properties = (schema.properties ?? {}) as Record<string, SchemaObject>;
  const required = new Set((schema.required ?? []) as string[]);
  const rows = Object.entries(properties).map(
    ([property, sub]) =>
      `<tr><td><code>${property}</code></td><td>${typeOf(sub)}</td><td>${required.has(property) ? 'yes' : 'no (omitted when absent)'}</td>` +
      `<td>${escapeHtml(String(sub.description ?? ''))}</td></tr>`,
  );
  const table =
    rows.length > 0
      ? `<table><tr><th>Field</th><th>Type</th><th>Required</th><th>Description</th></tr>${rows.join('')}</table>`
      : `<p>${typeOf(schema)}</p>`;
  const xml = (schema.xml as { name?: string } | undefined)?.name;
  return (
    `<article id="schema-${name}"><h3>${name}</h3>${prose(String(schema.description ?? ''))}${table}` +
    (xml
      ? `<p>XML element: <code>&lt;${xml}&gt;</code>, one child element per present field.</p>`
      : '') +
    '</article>'
  );
}

export function renderDocsHtml(doc: OpenApiDocument): string {
  const all = Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = item[method];
      return op === undefined ? [] : [[path, method, op] as const];
    }),
  );
  const isAdmin = (op: OperationObject) => op.tags.some((tag) => tag.startsWith('admin'));
  const operations = all.filter(([, , op]) => !isAdmin(op));
  const adminOperations = all.filter(([, , op]) => isAdmin(op));
  const tocOf = (list: typeof all) =>
    list
      .map(
        ([path, method, op]) =>
          `<li><a href="#op-${op.operationId}"><code>${method.toUpperCase()} ${escapeHtml(path)}</code></a></li>`,
      )
      .join('');
  const toc = tocOf(operations);
  const schemes = Object.values(doc.components.securitySchemes)
    .map((s) => `<li><code>${escapeHtml(schemeHeader(s))}</code>: ${prose(s.description)}</li>`)
    .join('');
  const problems = PROBLEM_CODES.map(
    (code) =>
      `<tr id="${problemTypeUri(code).slice('/docs#'.length)}"><td><code>${code}</code></td><td>${PROBLEMS[code].status}</td>` +
      `<td>${escapeHtml(PROBLEMS[code].title)}</td><td>${prose(PROBLEMS[code].when)}</td></tr>`,
  ).join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(doc.info.title)} ${doc.info.version}</title><style>${STYLE}</style></head><body>` +
    `<header><h1>${escapeHtml(doc.info.title)}</h1><p class="muted">Version ${doc.info.version} · OpenAPI ${doc.openapi} · ` +
    `machine-readable at <a href="/openapi.json">/openapi.json</a></p>${prose(doc.info.description)}</header><main>` +
    `<nav><h2>Endpoints</h2><ul>${toc}</ul>` +
    (adminOperations.length > 0
      ? `<h2>Admin API</h2><p>Accounts over HTTP, with an admin key; apart from the endpoints above.</p><ul>${tocOf(adminOperations)}</ul>`
      : '') +
    '</nav>' +
    `<h2 id="authentication">Authentication</h2><ul>${schemes}</ul>` +
    '<p>The examples below run as they are against a fresh demo store (the first <code>npm start</code>), ' +
    'with the variables the README uses: <code>TOKEN</code> holding the demo token that start printed, and ' +
    "<code>B=http://127.0.0.1:8080</code>. League 11 is the demo's 2021 football league.</p>" +
    '<h2 id="endpoints">Endpoint reference</h2>' +
    operations
      .map(([path, method, op]) =>
        operationArticle(path, method, op, doc.components.securitySchemes),
      )
      .join('') +
    (adminOperations.length > 0
      ? '<h2 id="admin">Admin API reference</h2><p>Examples assume <code>ADMIN_KEY</code> holding an admin key (<code>fantasy-data admin-keys create</code>) and <code>B</code> as above.</p>' +
        adminOperations
          .map(([path, method, op]) =>
            operationArticle(path, method, op, doc.components.securitySchemes),
          )
          .join('')
      : '') +
    `<h2 id="schemas">Schemas</h2>${Object.entries(doc.components.schemas)
      .map(([name, s]) => schemaArticle(name, s))
      .join('')}` +
    `<h2 id="problems">Problem types</h2><p>Every error is <code>application/problem+json</code>; its <code>type</code> links to a row below.</p>` +
    `<table><tr><th>Code</th><th>Status</th><th>Title</th><th>When</th></tr>${problems}</table>` +
    '</main></body></html>'
  );
}
