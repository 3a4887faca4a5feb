// Our two small files beside Swagger UI's: the script that starts it (a file, not an inline
// script, so the page's CSP can keep script-src 'self') and the styles of our header, the
// problem types and the narrow-screen fixes. Kept as strings so the TypeScript build ships them.

/**
 * Starts Swagger UI on the document beside the page, then shows the problem type the address
 * names, if any. validatorUrl null: by default it would send
 * the document to validator.swagger.io for a badge. Addresses are relative to /docs, so a service
 * mounted under a path prefix still finds its own document.
 */
export const DOCS_INIT_SCRIPT = `'use strict';
// A problem's \`type\` links to /docs#problem-<code>. Swagger UI's deep links take the address's
// fragment for an operation's (it rewrites it to #/problem-<code>) and the operations are drawn
// above the entry after the browser scrolled to it: keep the fragment, and once they are drawn,
// put it back and scroll to the entry.
var linkedProblem = /^#problem-[a-z-]+$/.test(location.hash) ? location.hash : '';
function showLinkedProblem() {
  var target = linkedProblem && document.getElementById(linkedProblem.slice(1));
  if (!target) return;
  history.replaceState(null, '', linkedProblem);
  target.scrollIntoView();
}
window.ui = SwaggerUIBundle({
  url: new URL('openapi.json', document.baseURI).href,
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  validatorUrl: null,
  deepLinking: true,
  queryConfigEnabled: false,
  displayOperationId: true,
  displayRequestDuration: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 1,
  defaultModelExpandDepth: 3,
  showExtensions: true,
  tryItOutEnabled: false,
  persistAuthorization: false,
  onComplete: showLinkedProblem,
});
`;

/**
 * The page's own parts, and Swagger UI kept within a 390 px wide screen: a summary wraps, wide
 * tables scroll inside themselves, and a schema's fields stack under their names instead of
 * being cut off at the right edge.
 */
export const DOCS_STYLESHEET = `
body{margin:0;background:#fafafa;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1d232a}
.docs-head,.docs-problems{max-width:1460px;margin:0 auto;padding:0 20px;box-sizing:border-box}
.docs-head h1{margin:16px 0 4px;font-size:20px}
.docs-head p,.docs-problems p{line-height:1.5;max-width:75ch}
.docs-head code,.docs-problems code{font:13px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#eef1f4;border-radius:4px;padding:1px 4px;overflow-wrap:anywhere}
.docs-problems dl{margin:0 0 40px}
.docs-problems dt{margin-top:14px;font-weight:600}
.docs-problems dd{margin:2px 0 0 0}
.docs-problems dd p{margin:2px 0}
.docs-problems :target{background:#fff6d6}
a{color:#0b5cd5}
.swagger-ui .wrapper{padding:0 20px;box-sizing:border-box}
@media (max-width:600px){
.docs-head,.docs-problems{padding:0 12px}
.swagger-ui .wrapper{padding:0 8px}
.swagger-ui .opblock .opblock-summary{flex-wrap:wrap}
.swagger-ui .opblock .opblock-summary-path{max-width:100%;flex-shrink:1;word-break:break-all}
.swagger-ui .opblock .opblock-summary-description{flex-basis:100%}
.swagger-ui table{display:block;overflow-x:auto;max-width:100%}
.swagger-ui .model-box{display:block;max-width:100%;box-sizing:border-box;padding:8px}
.swagger-ui table.model,.swagger-ui table.model>tbody{display:block;width:100%;overflow:visible}
.swagger-ui table.model tr{display:block}
.swagger-ui table.model td{display:block;width:auto !important;padding:0 0 4px 0}
.swagger-ui table.model td:first-child{padding-top:8px}
.swagger-ui .model .prop-type{overflow-wrap:anywhere}
.swagger-ui pre,.swagger-ui .highlight-code{max-width:100%;overflow-x:auto}
.swagger-ui .scheme-container .schemes{flex-wrap:wrap}
}
`;
