// The hosted connect page as server-rendered HTML: no script, no external asset, one inline
// stylesheet allowed by its hash in the Content-Security-Policy. Every value is escaped.
import { createHash } from 'node:crypto';

const STYLE = `
body{font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;background:#f4f6f8;color:#1d232a}
main{max-width:640px;margin:0 auto;padding:24px}
@media (max-width:480px){main{padding:12px}section{padding:8px 14px}}
a{color:#0b5cd5}:focus-visible{outline:3px solid #0b5cd5;outline-offset:2px}
h1{font-size:24px;margin:8px 0 4px}img.logo{float:right;margin:0 0 8px 12px;border-radius:8px;object-fit:contain}p.lead{color:#57606a;margin-top:0}
section{background:#fff;border:1px solid #d8dee4;border-radius:8px;padding:12px 20px;margin:16px 0}
h2{font-size:18px;margin:8px 0}label{display:block;font-weight:600;margin:10px 0 4px}
input{font:inherit;width:100%;box-sizing:border-box;padding:8px;border:1px solid #b8c0c8;border-radius:6px}
button{font:inherit;background:#1f6feb;color:#fff;border:0;border-radius:6px;padding:10px 16px;margin-top:12px;min-height:44px;cursor:pointer}
button.secondary{background:#57606a}.hint{color:#57606a;font-size:14px}
button.link{background:none;color:#0b5cd5;text-decoration:underline;padding:10px 0}
#finish form{display:inline-block;margin-right:20px}
ul.picker{list-style:none;padding:0;margin:0}ul.picker li{margin:8px 0}
ul.picker a{display:flex;justify-content:space-between;flex-wrap:wrap;gap:4px 12px;padding:12px 16px;border:1px solid #b8c0c8;border-radius:8px;text-decoration:none;color:#1d232a;font-weight:600}
ul.picker a:hover{border-color:#1f6feb}.state{font-weight:400;color:#57606a}
.status{font-weight:600}.ok{color:#1a7f37}.running{color:#9a6700}.failed{color:#cf222e}
.error{background:#ffebe9;border:1px solid #ff8182;border-radius:6px;padding:4px 12px;color:#1d232a}
.reference{font-size:14px}
details{margin-top:8px}summary{cursor:pointer;color:#0b5cd5}`;

export const STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A whole page; `refreshSeconds` reloads it while a sync runs (no script needed). */
export function page(
  title: string,
  body: string,
  options: { refreshSeconds?: number } = {},
): string {
  const refresh =
    options.refreshSeconds === undefined
      ? ''
      : `<meta http-equiv="refresh" content="${options.refreshSeconds}">`;
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<meta name="referrer" content="no-referrer">${refresh}<title>${escapeHtml(title)}</title>` +
    `<style>${STYLE}</style></head><body><main>${body}</main></body></html>`
  );
}

/** The page a link that no longer works shows: unknown, expired or used. */
export function refusedPage(heading: string, text: string): string {
  return page(
    heading,
    `<h1>${escapeHtml(heading)}</h1><p class="lead">${escapeHtml(text)}</p>` +
      '<p>Ask the application that sent you here for a new link.</p>',
  );
}

/** A page that says what happened and what to do next, with a way back to `back` if given. */
export function noticePage(heading: string, text: string, back?: string): string {
  return page(
    heading,
    `<h1>${escapeHtml(heading)}</h1><p class="lead">${escapeHtml(text)}</p>` +
      (back === undefined ? '' : `<p><a href="${escapeHtml(back)}">Back to your page</a></p>`),
  );
}
