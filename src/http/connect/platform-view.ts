// One platform's page: its help written for people, its one form, and, after a failed link, why
// in people's words with the request id to quote. Reached from the picker (view.ts).
import type { Platform } from '../../domain/catalog.ts';
import { formFields, linkLabel, platformHelp, platformName } from './forms.ts';
import { escapeHtml, page } from './html.ts';
import type { PlatformProgress } from './progress.ts';
import { syncWords } from './view.ts';

export interface PlatformPageView {
  appName: string;
  token: string;
  csrf: string;
  progress: PlatformProgress;
  /** Why the last link failed, in people's words, with the request id as its reference. */
  error?: { message: string; reference: string };
  values?: Readonly<Record<string, string>>;
}

export function platformPageTitle(platform: Platform): string {
  return `Link ${platformName(platform)}`;
}

export function renderPlatformPage(view: PlatformPageView): string {
  const { platform } = view.progress;
  const base = `/connect/${view.token}`;
  const title = platformPageTitle(platform);
  const error =
    view.error === undefined
      ? ''
      : `<div class="error" role="alert" id="link-error"><p>${escapeHtml(view.error.message)}</p>` +
        `<p class="reference">Reference: <span data-reference>${escapeHtml(view.error.reference)}</span> ` +
        '(quote it if you ask for help)</p></div>';
  const form =
    `<form method="post" action="${base}/link/${platform}" novalidate>` +
    `<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">` +
    formFields(platform, view.values ?? {}, {
      autofocus: view.error === undefined,
      ...(view.error !== undefined && { describedBy: 'link-error' }),
    }) +
    `<button type="submit">${escapeHtml(linkLabel(platform))}</button></form>`;
  return page(
    `${view.error === undefined ? '' : 'Error: '}${title}`,
    `<p><a href="${base}">← All platforms</a></p>` +
      `<h1>${escapeHtml(title)}</h1>` +
      current(view.progress) +
      `<section id="platform-${platform}" data-platform="${platform}" aria-labelledby="form-h">` +
      `<h2 id="form-h">${view.progress.linked === undefined ? 'Your account' : 'Link another account instead'}</h2>` +
      // The error first: on a phone the help below would push it out of sight.
      error +
      helpParagraphs(platformHelp(platform, view.appName)) +
      form +
      '</section>',
  );
}

/** The account already linked, when there is one. */
function current(p: PlatformProgress): string {
  if (p.linked === undefined) return '';
  if (p.linked.problem !== undefined) {
    return '<p class="status failed">Your account needs linking again: sign in below.</p>';
  }
  return (
    `<p class="status ok">Linked as ${escapeHtml(p.linked.name)}. ` +
    `${escapeHtml(syncWords(p.sync))}</p>`
  );
}

/** The module's help, one paragraph per blank-line-separated part. */
function helpParagraphs(help: string): string {
  return help
    .split(/\n\s*\n/)
    .map((part) => `<p class="help">${escapeHtml(part.trim())}</p>`)
    .join('');
}
