// The session's first page: who is asking and what they will read, where the person stands (a
// live region), the platform picker (each platform opens its own page with one form), then
// Finish and Cancel, both of which send the person back to the application with the outcome.
import type { SyncRequest } from '../../storage/repositories/sync-requests.ts';
import { platformName } from './forms.ts';
import { escapeHtml, page } from './html.ts';
import type { PlatformProgress, SessionProgress } from './progress.ts';

export interface SessionView {
  /** The application the accounts are linked for (the session's, else CONNECT_APP_NAME). */
  appName: string;
  /** Where its logo is served, when it has one. */
  logo?: string;
  /** What it will read, in plain words (words.ts); undefined when the session did not say. */
  reads?: readonly string[];
  token: string;
  csrf: string;
  progress: SessionProgress;
  returnUrl?: string;
}

/** Seconds between reloads while a first sync runs. */
export const REFRESH_SECONDS = 2;

export const PAGE_TITLE = 'Link your fantasy accounts';

export function renderSessionPage(view: SessionView): string {
  const base = `/connect/${view.token}`;
  const { progress } = view;
  const syncing = progress.syncing.length > 0;
  return page(
    PAGE_TITLE,
    asking(view) +
      `<section aria-labelledby="pick-h"><h2 id="pick-h">Choose a platform</h2>` +
      '<p class="hint">Link one or more; each opens its own short form.</p>' +
      `<ul class="picker">${progress.platforms.map((p) => pickerItem(p, base)).join('')}</ul></section>` +
      summary(view) +
      endButtons(view, base),
    syncing ? { refreshSeconds: REFRESH_SECONDS } : {},
  );
}

/** Who is asking and what they will be able to read. */
export function asking(view: Pick<SessionView, 'appName' | 'reads' | 'logo'>): string {
  const app = `<strong>${escapeHtml(view.appName)}</strong>`;
  const logo =
    view.logo === undefined
      ? ''
      : `<img class="logo" src="${escapeHtml(view.logo)}" alt="${escapeHtml(view.appName)} logo" ` +
        'width="48" height="48">';
  const reads =
    view.reads === undefined
      ? '<p>It will be able to read your leagues, teams, rosters and players on the platforms ' +
        'you link.</p>'
      : '<p>It will be able to read:</p><ul class="reads">' +
        view.reads.map((item) => `<li>${escapeHtml(item)}</li>`).join('') +
        '</ul>';
  return (
    `<h1>${escapeHtml(PAGE_TITLE)}</h1>` +
    `<section id="app" aria-label="Who is asking">${logo}<p class="lead">${app} asks to read your ` +
    'fantasy leagues.</p>' +
    reads +
    '<p class="hint">It can only read: nothing is posted, traded or changed on your platforms. ' +
    'Passwords and cookies you enter are stored encrypted and never shown again.</p></section>'
  );
}

function pickerItem(p: PlatformProgress, base: string): string {
  const name = escapeHtml(platformName(p.platform));
  return (
    `<li id="platform-${p.platform}" data-platform="${p.platform}">` +
    `<a href="${base}/platform/${p.platform}"><span class="name">${name}</span>` +
    `<span class="${stateClass(p)}">${escapeHtml(stateText(p))}</span></a></li>`
  );
}

/** The honest state of everything the page offers, read out when it changes. */
function summary(view: SessionView): string {
  const { progress } = view;
  const lines = progress.platforms
    .filter((p) => p.sync !== undefined || p.failure !== undefined || p.linked !== undefined)
    .map(
      (p) =>
        `<li data-state-of="${p.platform}"` +
        (p.sync === undefined ? '' : ` data-sync="${escapeHtml(p.sync.status)}"`) +
        `>${escapeHtml(summaryLine(p))}</li>`,
    );
  const body =
    lines.length === 0
      ? '<p>Nothing is linked yet.</p>'
      : `<ul>${lines.join('')}</ul>` +
        (progress.syncing.length > 0
          ? '<p class="hint">Reading continues after you leave; this page updates itself.</p>'
          : '');
  return (
    '<section aria-labelledby="progress-h"><h2 id="progress-h">Where you are</h2>' +
    `<div id="progress" role="status" aria-live="polite">${body}</div></section>`
  );
}

function endButtons(view: SessionView, base: string): string {
  const csrf = `<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">`;
  const host = view.returnUrl === undefined ? undefined : new URL(view.returnUrl).host;
  const nothing = view.progress.linkedHere.length === 0;
  const back = host === undefined ? '' : ` and go back to ${escapeHtml(host)}`;
  const note = nothing
    ? `<p class="hint" id="finish-note">You have not linked anything in this visit. If you ` +
      `finish now, ${escapeHtml(view.appName)} is told that nothing was linked.</p>`
    : '';
  return (
    `<section id="finish" aria-label="Finish">${note}` +
    `<form method="post" action="${base}/finish">${csrf}` +
    `<button type="submit"${nothing ? ' class="secondary" aria-describedby="finish-note"' : ''}>` +
    `Finish${back}</button></form>` +
    `<form method="post" action="${base}/cancel" id="cancel">${csrf}` +
    `<button type="submit" class="link">Cancel${back === '' ? '' : back.replace(' and', ',')}` +
    '</button></form></section>'
  );
}

function stateClass(p: PlatformProgress): string {
  if (p.failure !== undefined || p.linked?.problem !== undefined) return 'state failed';
  if (p.sync?.status === 'running') return 'state running';
  return p.linked === undefined ? 'state' : 'state ok';
}

function stateText(p: PlatformProgress): string {
  if (p.failure !== undefined) return 'Not linked: try again';
  if (p.linked === undefined) return 'Not linked';
  if (p.linked.problem !== undefined) return 'Needs linking again';
  return `Linked as ${p.linked.name}`;
}

function summaryLine(p: PlatformProgress): string {
  const name = platformName(p.platform);
  if (p.failure !== undefined) {
    return `${name}: not linked; the last try failed (reference ${p.failure.requestId}).`;
  }
  if (p.linked === undefined) return `${name}: not linked.`;
  if (p.linked.problem !== undefined) return `${name}: needs linking again.`;
  return `${name}: linked as ${p.linked.name}. ${syncWords(p.sync)}`;
}

/** A first sync in words; an account linked before this visit has none. */
export function syncWords(sync: SyncRequest | undefined): string {
  if (sync === undefined) return 'Linked before this visit.';
  const p = sync.progress;
  const done = p.leaguesWritten + p.leaguesUnchanged;
  switch (sync.status) {
    case 'running':
      return p.leaguesFound === 0
        ? 'Looking for your leagues…'
        : `Reading your leagues: ${done} of ${p.leaguesFound} so far…`;
    case 'ok':
      return `Leagues read: ${done}.`;
    case 'partial':
      return (
        `Leagues read: ${done}; ${p.leaguesFailed} could not be read now and will be ` +
        'tried again later.'
      );
    default:
      return 'Its leagues could not be read; they will be tried again later.';
  }
}
