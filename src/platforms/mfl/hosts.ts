// Which host a league's requests go to. MFL serves each league from a numbered host (its
// `baseURL`, https://www47.myfantasyleague.com) and may move it; the API host is only the front
// door. That address is learned from MFL's answer, so it is checked before anything is sent there.
import { PlatformError } from '../connector.ts';

/** MFL's own hosts: the API host and the numbered league hosts (www, www47, ...). */
const MFL_HOST = /^(?:api|www\d*)\.myfantasyleague\.com$/;

/** The only ports a followed address may name (none, or the scheme's usual ones). */
const ALLOWED_PORTS = new Set(['', '443', '80']);

/**
 * Where to send a league's requests. `apiRoot` is the operator's `MFL_BASE_URL` and is trusted;
 * `leagueBaseUrl` comes from MFL's answer and must name one of MFL's own hosts on 443 or 80,
 * otherwise the league is refused (no call is made): a body can never send the account's cookie
 * to another site or port. The league's host is followed only when the API root is MFL itself
 * (with the API root's scheme); a base that is not MFL (a test's fake, a proxy) keeps every call.
 */
export function leagueApiRoot(
  apiRoot: string,
  leagueBaseUrl: string | undefined,
  league: string,
): string {
  const text = leagueBaseUrl?.trim();
  if (!text) return apiRoot;
  const host = followableHost(text);
  if (host === undefined) {
    const shown = JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}...` : text);
    throw new PlatformError(
      'mfl',
      `${league}: MFL named ${shown} as the league's host, which is not one of MFL's own ` +
        "(api or www*.myfantasyleague.com on port 443 or 80); nothing was sent there. If MFL's " +
        'site shows the league normally, report this answer.',
      'invalid_response',
    );
  }
  let api: URL;
  try {
    api = new URL(apiRoot);
  } catch {
    return apiRoot;
  }
  if (!MFL_HOST.test(api.hostname)) return apiRoot;
  return `${api.protocol}//${host}${api.pathname.replace(/\/+$/, '')}`;
}

/** The host name of an address that may be followed, or undefined when it may not. */
function followableHost(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username !== '' || url.password !== '') return undefined;
  if (!ALLOWED_PORTS.has(url.port) || !MFL_HOST.test(url.hostname)) return undefined;
  return url.hostname;
}

/**
 * Which redirects an MFL call may follow: within the address it was sent to, or to one of MFL's
 * own hosts on 443 or 80, never from https down to http. MFL sends some calls on to a league's
 * host with a redirect; the same rule as for a league's named host keeps the cookie on MFL.
 */
export function mayFollowMflRedirect(from: URL, to: URL): boolean {
  if (to.origin === from.origin) return true;
  if (to.protocol === 'http:' && from.protocol === 'https:') return false;
  return followableHost(to.href) !== undefined;
}
