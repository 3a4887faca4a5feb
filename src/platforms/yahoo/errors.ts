// What Yahoo's refusals mean, as clear messages. Yahoo explains an error in a small body: XML
// (<error><description>..</description></error>, sometimes with a yahoo: prefix, even when JSON
// was asked for) or JSON ({"error": {"description": ..}}); the token endpoint answers OAuth's
// {"error": "invalid_grant", "error_description": ..}.
import { PlatformError } from '../connector.ts';

/** Yahoo's own words from an error body, if it has any (tags and entities stripped). */
export function yahooErrorDescription(body: string): string | undefined {
  const xml = /<(?:[\w-]+:)?description>([\s\S]*?)<\/(?:[\w-]+:)?description>/.exec(body);
  if (xml) return clean(decodeEntities(xml[1] as string));
  try {
    const parsed = JSON.parse(body) as unknown;
    const error = (parsed as { error?: unknown }).error;
    if (typeof error === 'object' && error !== null) {
      const description = (error as { description?: unknown }).description;
      if (typeof description === 'string') return clean(description);
    }
    const oauth = parsed as { error?: unknown; error_description?: unknown };
    if (typeof oauth.error_description === 'string') return clean(oauth.error_description);
    if (typeof oauth.error === 'string') return clean(oauth.error);
  } catch {
    // Not JSON either: no description.
  }
  return undefined;
}

/** The OAuth error code of a token endpoint answer ("invalid_grant"), if any. */
export function oauthErrorCode(body: string): string | undefined {
  try {
    const error = (JSON.parse(body) as { error?: unknown }).error;
    if (typeof error === 'string') return error;
  } catch {
    // Yahoo's login server sometimes answers in text; look for the code in it.
  }
  return /\b(invalid_grant|token_rejected|invalid_client|unauthorized_client|invalid_request)\b/.exec(
    body,
  )?.[1];
}

export const UNAPPROVED_APPLICATION =
  'Yahoo has not approved this application for the Fantasy Sports API (HTTP 403 "application ' +
  'is not authorized"; since July 2026 Yahoo refuses applications it has not approved). The ' +
  'operator must request approval for the app registered as YAHOO_CLIENT_ID at ' +
  'https://developer.yahoo.com/apps/ (or use the keys of an approved app); linking again will not help';

/**
 * A Fantasy API refusal as the error to show: 403 for an unapproved application, 400 for a key
 * Yahoo does not know (a game or league that does not exist), or Yahoo's own description.
 * 401 (an expired token) is the connector's to handle and never comes here.
 */
export function explainRefusal(error: PlatformError, endpoint: string): PlatformError {
  const response = error.response;
  if (response === undefined) return error;
  const description = yahooErrorDescription(response.body);
  const said = description === undefined ? '' : `: ${description}`;
  if (response.status === 403) {
    if (/not authori[sz]ed|not approved|application|consumer/i.test(description ?? '')) {
      return new PlatformError('yahoo', UNAPPROVED_APPLICATION, 'forbidden', response);
    }
    return new PlatformError(
      'yahoo',
      `${endpoint} is not visible to this account (HTTP 403)${said}`,
      'forbidden',
      response,
    );
  }
  if (
    response.status === 400 &&
    /invalid .*key|not found|does not exist/i.test(description ?? '')
  ) {
    return new PlatformError('yahoo', `${endpoint}${said}`, 'not_found', response);
  }
  if (description !== undefined) {
    return new PlatformError(
      'yahoo',
      `${endpoint} answered HTTP ${response.status}${said}`,
      error.kind,
      response,
    );
  }
  return error;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** One line, bounded: the description is shown to users and stored. */
function clean(text: string): string | undefined {
  const line = text.replace(/\s+/g, ' ').trim().slice(0, 300);
  return line === '' ? undefined : line;
}
