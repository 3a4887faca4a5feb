// MyFantasyLeague as the service knows it: a login, and/or ids of public leagues.
import { InvalidInputError } from '../../domain/errors.ts';
import { definePlatform, formLeagueIds, formText } from '../module.ts';
import { DEFAULT_REQUESTS_PER_MINUTE, createMflConnector } from './connector.ts';

export const mfl = definePlatform({
  id: 'mfl',
  name: 'MyFantasyLeague',
  sports: ['football'],
  link: {
    cli: [
      '--credentials-file FILE with {"username": "...", "password": "..."},',
      'and/or --league ID for public leagues',
    ],
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
    },
  },
  settings: {
    mflBaseUrl: { env: 'MFL_BASE_URL', kind: 'url', default: 'https://api.myfantasyleague.com' },
  },
  requestsPerMinute: () => DEFAULT_REQUESTS_PER_MINUTE,
  createConnector: (settings, budget) =>
    createMflConnector({ baseUrl: settings.mflBaseUrl, ...(budget && { budget }) }),
});
