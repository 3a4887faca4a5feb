// Sleeper as the service knows it: a username finds the leagues, no password.
import { InvalidInputError } from '../../domain/errors.ts';
import { definePlatform, formText } from '../module.ts';
import { createSleeperConnector } from './connector.ts';

export const sleeper = definePlatform({
  id: 'sleeper',
  name: 'Sleeper',
  sports: ['football', 'basketball'],
  link: {
    cli: ['--username SLEEPER_USERNAME'],
    cliExample: '--username <sleeper username>',
    http: {
      api: '`sleeper` `username`',
      fields: [
        { name: 'username', label: 'Sleeper username', type: 'text', autocomplete: 'username' },
      ],
      help: 'Sleeper needs no password: your username finds your leagues.',
      fromForm(value) {
        const username = formText(value, 'username');
        if (username === undefined) throw new InvalidInputError('enter your Sleeper username');
        return { username };
      },
      refusal: {
        refused: (kind, typed) =>
          kind === 'not_found'
            ? `We couldn't find a Sleeper user named ${typed.username ?? 'that'}. Check the spelling.`
            : 'Sleeper did not accept this username. Check the spelling and try again.',
      },
    },
  },
  settings: {
    sleeperBaseUrl: { env: 'SLEEPER_BASE_URL', kind: 'url', default: 'https://api.sleeper.app/v1' },
    // Sleeper asks for fewer than 1,000 calls a minute (https://docs.sleeper.com).
    sleeperRequestsPerMinute: {
      env: 'SLEEPER_REQUESTS_PER_MINUTE',
      kind: 'integer',
      default: 900,
      min: 1,
      max: 100_000,
    },
  },
  requestsPerMinute: (settings) => settings.sleeperRequestsPerMinute,
  live: {
    state: 'GET /state/<sport>: the week under way while season_type is regular or post',
    callsPerRefresh: 1,
    calls:
      'GET /league/<id>/matchups/<week> (slots, IR and taxi from the last full sync in the store)',
    shared: {
      callsPerRead: 1,
      calls:
        "football: GET /stats/nfl/regular/<season>/<week> (undocumented): every player's stats of the week, scored with each league's stored scoring_settings",
    },
  },
  createConnector: (settings, budget) =>
    createSleeperConnector({ baseUrl: settings.sleeperBaseUrl, ...(budget && { budget }) }),
});
