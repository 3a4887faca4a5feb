// Fleaflicker as the service knows it: the e-mail address of the account finds its leagues.
import { InvalidInputError } from '../../domain/errors.ts';
import { definePlatform, formText, leaguesNamed } from '../module.ts';
import { upgradeStoredId } from './account.ts';
import { REQUESTS_PER_MINUTE, createFleaflickerConnector } from './connector.ts';

export const fleaflicker = definePlatform({
  id: 'fleaflicker',
  name: 'Fleaflicker',
  sports: ['football', 'baseball', 'basketball'],
  link: {
    cli: ['--email THEIR_FLEAFLICKER_EMAIL'],
    cliExample: '--email <fleaflicker e-mail>',
    http: {
      api: '`fleaflicker` `email`',
      fields: [
        {
          name: 'email',
          label: 'E-mail address of your Fleaflicker account',
          type: 'email',
          autocomplete: 'email',
        },
      ],
      help: 'Fleaflicker needs no password: the e-mail of your account finds your leagues.',
      fromForm(value) {
        const email = formText(value, 'email');
        if (email === undefined) throw new InvalidInputError('enter the e-mail of your account');
        return { email };
      },
      refusal: {
        refused: (_kind, typed) =>
          `We couldn't find a Fleaflicker account with the e-mail ${typed.email ?? 'you typed'}. ` +
          'Check it is the address you sign in to Fleaflicker with.',
      },
    },
  },
  settings: {
    fleaflickerBaseUrl: {
      env: 'FLEAFLICKER_BASE_URL',
      kind: 'url',
      default: 'https://www.fleaflicker.com/api',
    },
  },
  // The account's id is a digest of its e-mail address: named by its leagues.
  accountName: (_account, leagues) => leaguesNamed(leagues) ?? 'your Fleaflicker account',
  upgradeStoredId,
  requestsPerMinute: () => REQUESTS_PER_MINUTE,
  live: {
    state:
      "the sport's schedule; the period is the one FetchLeagueScoreboard answers without one (Fleaflicker's current scoring period)",
    // One box score per game: 12 teams, 6 games.
    callsPerRefresh: 7,
    calls:
      'FetchLeagueScoreboard (the current period, its games and scores); FetchLeagueBoxscore per game (both lineups): 1 + teams / 2, 7 for a 12-team league',
  },
  createConnector: (settings, budget) =>
    createFleaflickerConnector({ baseUrl: settings.fleaflickerBaseUrl, ...(budget && { budget }) }),
});
