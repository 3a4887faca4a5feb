// MyFantasyLeague as the service knows it: a login, and/or ids of public leagues.
import { InvalidInputError } from '../../domain/errors.ts';
import {
  definePlatform,
  formLeagueIds,
  formText,
  leagueIdsNamed,
  leaguesNamed,
} from '../module.ts';
import { followedLeagueIds } from '../stored-account.ts';
import { PUBLIC_ACCOUNT_ID } from './account.ts';
import { DEFAULT_REQUESTS_PER_MINUTE, createMflConnector } from './connector.ts';

const LOGIN_REFUSED =
  "MyFantasyLeague didn't accept this username and password. Check both and try again.";

export const mfl = definePlatform({
  id: 'mfl',
  name: 'MyFantasyLeague',
  sports: ['football'],
  link: {
    cli: [
      '--credentials-file FILE with {"username": "...", "password": "..."},',
      'and/or --league ID for public leagues',
    ],
    cliExample: '--league <league id>',
    http: {
      api:
        '`mfl` as its connector takes it (`credentials` `{"username", "password"}` and/or ' +
        '`league_ids`)',
      fields: [
        {
          name: 'username',
          label: 'MyFantasyLeague username',
          type: 'text',
          autocomplete: 'username',
        },
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
      help: 'Your MyFantasyLeague login (stored encrypted), or the ids of public leagues.',
      fromForm(value) {
        const username = formText(value, 'username');
        const password = formText(value, 'password');
        const leagueIds = formLeagueIds(value);
        if (username === undefined && leagueIds.length === 0) {
          throw new InvalidInputError('enter your login, or league ids');
        }
        return {
          ...(username !== undefined && { credentials: { username, password: password ?? '' } }),
          ...(leagueIds.length > 0 && { leagueIds }),
        };
      },
      refusal: {
        // What the connector refuses without asking for leagues is MFL turning the login down.
        invalidInput: () => LOGIN_REFUSED,
        refused: (kind) =>
          kind === 'not_found'
            ? "MyFantasyLeague couldn't find one of these leagues. Check each league id."
            : LOGIN_REFUSED,
      },
    },
  },
  settings: {
    mflBaseUrl: { env: 'MFL_BASE_URL', kind: 'url', default: 'https://api.myfantasyleague.com' },
  },
  // A login is named by its username; public leagues by their names, else their ids.
  accountName: (account, leagues) =>
    account.externalUserId !== PUBLIC_ACCOUNT_ID
      ? account.externalUserId
      : (leaguesNamed(leagues) ??
        leagueIdsNamed(followedLeagueIds({ platform: 'mfl', ...account })) ??
        'public leagues'),
  requestsPerMinute: () => DEFAULT_REQUESTS_PER_MINUTE,
  live: {
    state:
      "the sport's schedule; the period is the league's current week (the first of its schedule not all final)",
    callsPerRefresh: 4,
    calls:
      "TYPE=league (its host and starter slots); TYPE=schedule&W= (the week's games); TYPE=liveScoring&W= (every franchise's players with scores and starter/nonstarter status); TYPE=players&PLAYERS= (the starters' positions)",
  },
  createConnector: (settings, budget) =>
    createMflConnector({ baseUrl: settings.mflBaseUrl, ...(budget && { budget }) }),
});
