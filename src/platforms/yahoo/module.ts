// Yahoo Fantasy as the service knows it: OAuth 2.0 through the operator's Yahoo application; the
// user approves read access at Yahoo and comes back with a code.
import { definePlatform } from '../module.ts';
import { createYahooConnector } from './connector.ts';

export const yahoo = definePlatform({
  id: 'yahoo',
  name: 'Yahoo Fantasy',
  sports: ['football', 'baseball', 'basketball'],
  link: {
    cli: [
      'no options: prints the address where the user approves access;',
      'then --code CODE with the code Yahoo shows',
    ],
    cliExample: '',
    http: {
      api:
        '`yahoo` first without `code` (the answer is `action_required` with the address where ' +
        'the user approves access), then with the `code` Yahoo showed',
      fields: [],
      help:
        'You will sign in at Yahoo and allow {app} read access to your fantasy leagues, then come ' +
        'back here. Start it from this page only: a Yahoo sign-in address someone sends you links ' +
        'nothing.',
      fromForm: () => ({}),
      oauth: {
        provider: 'Yahoo',
        redirectSetting: 'yahooRedirectUri',
        configured: (settings) =>
          settings.yahooClientId !== undefined && settings.yahooClientSecret !== undefined,
        authorizationBase: (settings) => settings.yahooAuthBaseUrl,
      },
      refusal: {
        refused: () =>
          'Yahoo did not let us read your leagues. Sign in with Yahoo again and allow access.',
      },
    },
  },
  settings: {
    yahooBaseUrl: {
      env: 'YAHOO_BASE_URL',
      kind: 'url',
      default: 'https://fantasysports.yahooapis.com/fantasy/v2',
    },
    yahooAuthBaseUrl: {
      env: 'YAHOO_AUTH_BASE_URL',
      kind: 'url',
      default: 'https://api.login.yahoo.com/oauth2',
    },
    // The operator's Yahoo application (https://developer.yahoo.com/apps/); unset: no Yahoo.
    yahooClientId: { env: 'YAHOO_CLIENT_ID', kind: 'optional' },
    yahooClientSecret: { env: 'YAHOO_CLIENT_SECRET', kind: 'optional' },
    // `oob` shows the code to the user to paste into `link yahoo --code`.
    yahooRedirectUri: { env: 'YAHOO_REDIRECT_URI', kind: 'text', default: 'oob' },
    // Yahoo publishes no limits: calls per minute this process makes to Yahoo in all, and for
    // any one Yahoo account (at most the former).
    yahooRequestsPerMinute: {
      env: 'YAHOO_REQUESTS_PER_MINUTE',
      kind: 'integer',
      default: 60,
      min: 1,
      max: 10_000,
    },
    yahooAccountRequestsPerMinute: {
      env: 'YAHOO_ACCOUNT_REQUESTS_PER_MINUTE',
      kind: 'integer',
      default: 40,
      min: 1,
      max: 10_000,
    },
    // Minutes no call goes to Yahoo after it throttled (999/429); a longer Retry-After wins.
    yahooThrottleBackoffMinutes: {
      env: 'YAHOO_THROTTLE_BACKOFF_MINUTES',
      kind: 'integer',
      default: 10,
      min: 1,
      max: 1_440,
    },
  },
  checkSettings(settings) {
    if (settings.yahooAccountRequestsPerMinute <= settings.yahooRequestsPerMinute) return undefined;
    return {
      variable: 'YAHOO_ACCOUNT_REQUESTS_PER_MINUTE',
      message: `must not exceed YAHOO_REQUESTS_PER_MINUTE (${settings.yahooRequestsPerMinute}), got "${settings.yahooAccountRequestsPerMinute}"`,
    };
  },
  requestsPerMinute: (settings) => settings.yahooRequestsPerMinute,
  accountRequestsPerMinute: (settings) => settings.yahooAccountRequestsPerMinute,
  live: {
    state:
      "GET /users;use_login=1/games;game_keys=<game>/leagues: the leagues' current_week, under way while the game is not is_game_over or is_offseason and a league not is_finished",
    callsPerRefresh: 2,
    calls:
      'GET /league/<key>/scoreboard;week=<week>; /league/<key>/teams/roster;week=<week>/players/stats;type=week;week=<week>',
  },
  // Without the application's keys the connector only explains which variables to set.
  createConnector: (settings, budget) =>
    createYahooConnector({
      baseUrl: settings.yahooBaseUrl,
      authBaseUrl: settings.yahooAuthBaseUrl,
      clientId: settings.yahooClientId,
      clientSecret: settings.yahooClientSecret,
      redirectUri: settings.yahooRedirectUri,
      requestsPerMinute: settings.yahooRequestsPerMinute,
      accountRequestsPerMinute: settings.yahooAccountRequestsPerMinute,
      throttleBackoffMs: settings.yahooThrottleBackoffMinutes * 60_000,
      ...(budget && { budget }),
    }),
});
