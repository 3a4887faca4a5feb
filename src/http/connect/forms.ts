// What each platform's form asks for on the connect page, and how its fields become the
// request the platform's connector takes (the same as `fantasy-data link` and the admin API).
import type { Platform } from '../../domain/catalog.ts';
import { InvalidInputError } from '../../domain/errors.ts';
import type { LinkRequest } from '../../sync/account-services.ts';
import { escapeHtml } from './html.ts';

interface Field {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  hint?: string;
  /** Secrets are never put back into a re-rendered form. */
  secret?: boolean;
  autocomplete?: string;
}

const FIELDS: Partial<Record<Platform, readonly Field[]>> = {
  sleeper: [
    { name: 'username', label: 'Sleeper username', type: 'text', autocomplete: 'username' },
  ],
  espn: [
    {
      name: 'espn_s2',
      label: 'espn_s2 cookie',
      type: 'password',
      secret: true,
      hint: 'A long text starting with AE.',
    },
    { name: 'swid', label: 'SWID cookie', type: 'text', hint: 'A GUID in braces: {0123...}.' },
    {
      name: 'league_ids',
      label: 'League ids (optional)',
      type: 'text',
      hint: 'Public leagues can be added by id alone (the leagueId= of their page), separated by spaces.',
    },
  ],
  fleaflicker: [
    {
      name: 'email',
      label: 'E-mail address of your Fleaflicker account',
      type: 'email',
      autocomplete: 'email',
    },
  ],
  mfl: [
    { name: 'username', label: 'MyFantasyLeague username', type: 'text', autocomplete: 'username' },
    {
      name: 'password',
      label: 'Password',
      type: 'password',
      secret: true,
      autocomplete: 'current-password',
    },
    {
      name: 'league_ids',
      label: 'League ids (optional)',
      type: 'text',
      hint: 'Public leagues can be added by id alone, separated by spaces.',
    },
  ],
};

const HELP: Partial<Record<Platform, string>> = {
  espn:
    'Private ESPN leagues need two cookies of a signed-in browser. Where to find them: sign in ' +
    'at fantasy.espn.com on a computer, open the developer tools (F12), then Application → ' +
    'Cookies → https://fantasy.espn.com (Firefox: Storage → Cookies), and copy the values of ' +
    'espn_s2 and SWID. They are stored encrypted. Signing out of ESPN ends them.',
  yahoo:
    'You will sign in at Yahoo and allow {app} read access to your fantasy leagues, then come ' +
    'back here. Start it from this page only: a Yahoo sign-in address someone sends you links ' +
    'nothing.',
  sleeper: 'Sleeper needs no password: your username finds your leagues.',
  fleaflicker: 'Fleaflicker needs no password: the e-mail of your account finds your leagues.',
  mfl: 'Your MyFantasyLeague login (stored encrypted), or the ids of public leagues.',
};

/** The platform's help text; `appName` is the application the page links accounts for. */
export function platformHelp(platform: Platform, appName: string): string {
  return (HELP[platform] ?? '').replaceAll('{app}', appName);
}

/** The form's inputs; `values` refills the non-secret ones after an error. */
export function formFields(platform: Platform, values: Readonly<Record<string, string>>): string {
  return (FIELDS[platform] ?? [])
    .map((field) => {
      const id = `${platform}-${field.name}`;
      const value = field.secret === true ? '' : (values[field.name] ?? '');
      return (
        `<label for="${id}">${escapeHtml(field.label)}</label>` +
        `<input id="${id}" name="${field.name}" type="${field.type}" value="${escapeHtml(value)}"` +
        // One autocomplete each: the field's own, else "off" for a secret the browser should
        // not offer to save (a cookie value), else none.
        `${autocompleteOf(field)}>` +
        (field.hint === undefined ? '' : `<div class="hint">${escapeHtml(field.hint)}</div>`)
      );
    })
    .join('');
}

function autocompleteOf(field: Field): string {
  const value = field.autocomplete ?? (field.secret === true ? 'off' : undefined);
  return value === undefined ? '' : ` autocomplete="${value}"`;
}

/** The form's fields as a link request; what is missing is bad input, worded for the user. */
export function linkRequestFrom(platform: Platform, form: URLSearchParams): LinkRequest {
  const text = (name: string): string | undefined => {
    const value = form.get(name)?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const leagueIds = (text('league_ids') ?? '').split(/[\s,]+/).filter((id) => id !== '');
  switch (platform) {
    case 'sleeper': {
      const username = text('username');
      if (username === undefined) throw new InvalidInputError('enter your Sleeper username');
      return { username };
    }
    case 'fleaflicker': {
      const email = text('email');
      if (email === undefined) throw new InvalidInputError('enter the e-mail of your account');
      return { email };
    }
    case 'espn': {
      const s2 = text('espn_s2');
      const swid = text('swid');
      if ((s2 === undefined) !== (swid === undefined)) {
        throw new InvalidInputError('enter both cookies, espn_s2 and SWID (or only league ids)');
      }
      if (s2 === undefined && leagueIds.length === 0) {
        throw new InvalidInputError('enter the espn_s2 and SWID cookies, or league ids');
      }
      return {
        ...(s2 !== undefined && { credentials: { espn_s2: s2, swid } }),
        ...(leagueIds.length > 0 && { leagueIds }),
      };
    }
    case 'mfl': {
      const username = text('username');
      const password = text('password');
      if (username === undefined && leagueIds.length === 0) {
        throw new InvalidInputError('enter your login, or league ids');
      }
      return {
        ...(username !== undefined && { credentials: { username, password: password ?? '' } }),
        ...(leagueIds.length > 0 && { leagueIds }),
      };
    }
    default:
      return {};
  }
}
