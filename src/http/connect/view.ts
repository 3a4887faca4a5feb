// The session's page: each allowed platform with its form or its link and first sync, then the
// button that finishes and sends the user back to the application.
import type { Platform } from '../../domain/catalog.ts';
import type { SyncRequest } from '../../storage/repositories/sync-requests.ts';
import { formFields, linkLabel as linkLabelOf, platformHelp, platformName } from './forms.ts';
import { escapeHtml, page } from './html.ts';

export interface PlatformView {
  platform: Platform;
  linked?: { name: string; problem?: string };
  /** The newest sync this session started for the platform. */
  sync?: SyncRequest;
  error?: string;
  values?: Readonly<Record<string, string>>;
}

export interface SessionView {
  /** The application the accounts are linked for (CONNECT_APP_NAME), named on the page. */
  appName: string;
  token: string;
  csrf: string;
  platforms: readonly PlatformView[];
  returnUrl?: string;
}

/** Seconds between reloads while a first sync runs. */
export const REFRESH_SECONDS = 2;

export function renderSessionPage(view: SessionView): string {
  const base = `/connect/${view.token}`;
  const csrf = `<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">`;
  const syncing = view.platforms.some((p) => p.sync?.status === 'running');
  const sections = view.platforms.map((p) => section(p, base, csrf, view.appName)).join('');
  const target =
    view.returnUrl === undefined ? undefined : new URL(view.returnUrl).host || view.returnUrl;
  const anyLinked = view.platforms.some((p) => p.linked !== undefined);
  const finish =
    `<section id="finish"><form method="post" action="${base}/finish">${csrf}` +
    (syncing
      ? '<p class="hint">Your leagues are still being read; you can wait here or continue now.</p>'
      : '') +
    `<button type="submit"${anyLinked ? '' : ' class="secondary"'}>` +
    `${target === undefined ? 'Finish' : `Continue to ${escapeHtml(target)}`}</button></form></section>`;
  return page(
    'Link your fantasy accounts',
    '<h1>Link your fantasy accounts</h1>' +
      `<p class="lead" id="app">For <strong>${escapeHtml(view.appName)}</strong>. ` +
      'Link the platforms you play on; your leagues are then read from them for this ' +
      'application only. ' +
      'Passwords and cookies are stored encrypted and never shown again.</p>' +
      sections +
      finish,
    syncing ? { refreshSeconds: REFRESH_SECONDS } : {},
  );
}

function section(view: PlatformView, base: string, csrf: string, appName: string): string {
  const { platform } = view;
  const name = platformName(platform);
  const error =
    view.error === undefined ? '' : `<p class="error" role="alert">${escapeHtml(view.error)}</p>`;
  const form = (label: string) =>
    `<form method="post" action="${base}/link/${platform}">${csrf}` +
    formFields(platform, view.values ?? {}) +
    `<button type="submit">${escapeHtml(label)}</button></form>`;
  const linkLabel = linkLabelOf(platform);
  const help = `<p class="hint">${escapeHtml(platformHelp(platform, appName))}</p>`;
  let body: string;
  if (view.linked === undefined) {
    body = `${help}${error}${form(linkLabel)}`;
  } else if (view.linked.problem !== undefined) {
    body =
      `<p class="status failed">Needs linking again: ${escapeHtml(view.linked.problem)}</p>` +
      `${help}${error}${form(linkLabel)}`;
  } else {
    body =
      `<p class="status ok">Linked: ${escapeHtml(view.linked.name)}</p>${syncLine(view.sync)}` +
      error +
      `<details${view.error === undefined ? '' : ' open'}><summary>Link another ${escapeHtml(name)} account instead</summary>` +
      `${help}${form(linkLabel)}</details>`;
  }
  return `<section id="platform-${platform}" data-platform="${platform}"><h2>${escapeHtml(name)}</h2>${body}</section>`;
}

function syncLine(sync: SyncRequest | undefined): string {
  if (sync === undefined) return '';
  const p = sync.progress;
  const done = p.leaguesWritten + p.leaguesUnchanged;
  switch (sync.status) {
    case 'running':
      if (p.leaguesFound === 0) {
        return '<p class="status running" data-sync="running">Looking for your leagues…</p>';
      }
      return (
        `<p class="status running" data-sync="running">Reading your leagues… ` +
        `${done} of ${p.leaguesFound} so far</p>`
      );
    case 'ok':
      return `<p class="status ok" data-sync="ok">Leagues read: ${done}.</p>`;
    case 'partial':
      return (
        `<p class="status running" data-sync="partial">Leagues read: ${done}; ` +
        `${p.leaguesFailed} could not be read now and will be tried again later.</p>`
      );
    default:
      return (
        `<p class="status failed" data-sync="${escapeHtml(sync.status)}">Your leagues could not be read: ` +
        `${escapeHtml(sync.error ?? 'unknown error')}</p>`
      );
  }
}
