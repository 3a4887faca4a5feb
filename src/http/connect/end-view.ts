// The page a finished session ends on when the application gave no return address: what was
// linked, what is still being read, what failed, or that nothing was linked; the same outcome an
// application would have read on its return address.
import type { ConnectOutcomeStatus } from '../../domain/connect-outcome.ts';
import { platformName } from './forms.ts';
import { escapeHtml, page } from './html.ts';
import type { SessionProgress } from './progress.ts';
import { syncWords } from './view.ts';

const HEADINGS: Readonly<Record<ConnectOutcomeStatus, string>> = {
  linked: 'All set',
  partial: 'Partly linked',
  failed: 'Nothing was linked',
  cancelled: 'Cancelled',
};

export function renderEndPage(
  appName: string,
  status: ConnectOutcomeStatus,
  progress: SessionProgress,
  how: 'finish' | 'cancel',
): string {
  // Finish without trying anything ends `cancelled` for the application; the person is told
  // plainly that nothing was linked.
  const heading = how === 'finish' && status === 'cancelled' ? HEADINGS.failed : HEADINGS[status];
  const app = escapeHtml(appName);
  const lines = progress.platforms.flatMap((p) => {
    const name = platformName(p.platform);
    if (p.sync !== undefined && p.linked !== undefined) {
      return [`${name}: linked as ${p.linked.name}. ${syncWords(p.sync)}`];
    }
    if (p.failure !== undefined) return [`${name}: not linked (reference ${p.failure.requestId}).`];
    return [];
  });
  const lead =
    progress.linkedHere.length === 0
      ? `Nothing was linked in this visit, so ${app} gets no new leagues. You can close this page.`
      : `${app} can now read the leagues of the accounts below. You can close this page.`;
  return page(
    heading,
    `<h1>${escapeHtml(heading)}</h1><p class="lead" id="outcome" data-outcome="${status}">${lead}</p>` +
      (lines.length === 0
        ? ''
        : `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`) +
      (progress.syncing.length > 0
        ? '<p class="hint">Leagues still being read keep being read after you close this page.</p>'
        : ''),
  );
}
