// ESPN Fantasy as the service knows it: two cookies of a signed-in browser, and/or ids of public
// leagues to follow.
import { InvalidInputError } from '../../domain/errors.ts';
import {
  definePlatform,
  formLeagueIds,
  formText,
  leagueIdsNamed,
  leaguesNamed,
} from '../module.ts';
import { createEspnConnector } from './connector.ts';
import { followedLeagues, leaguesOnlyUserId } from './credentials.ts';

/** ESPN publishes no limit; the HTTP client's default, which has served well. */
const REQUESTS_PER_MINUTE = 900;

export const espn = definePlatform({
  id: 'espn',
  name: 'ESPN Fantasy',
  sports: ['football', 'baseball', 'basketball'],
  link: {
    cli: [
      '--credentials-file FILE with {"espn_s2": "...", "swid": "{GUID}"}',
      '(the espn_s2 and SWID cookies of a signed-in browser), and/or --league ID',
      'for leagues to follow by id (public ones need no cookies)',
    ],
    cliExample: '--league <league id>',
    http: {
      api: '`espn` `credentials` `{"espn_s2": "...", "swid": "{GUID}"}` and/or `league_ids`',
      fields: [
        {
          name: 'espn_s2',
          label: 'espn_s2 cookie',
          type: 'password',
          secret: true,
          hint: 'A long text starting with AE.',
        },
        {
          name: 'swid',
          label: 'SWID cookie',
          type: 'text',
          hint: 'Looks like {0123ABCD-4567-...}: paste it with or without its braces, both work.',
        },
        {
          name: 'league_ids',
          label: 'League ids (optional)',
          type: 'text',
          hint: 'Public leagues can be added by id alone (the leagueId= of their page), separated by spaces.',
        },
      ],
      help:
        'Private ESPN leagues need two cookies of a signed-in browser; public leagues need only ' +
        'their id.\n\nWhere to find the cookies: sign in at fantasy.espn.com on a computer, open ' +
        'the developer tools (F12), then Application → Cookies → https://fantasy.espn.com ' +
        '(Firefox: Storage → Cookies), and copy the values of espn_s2 and SWID.\n\nThey are ' +
        'stored encrypted. Signing out of ESPN ends them: if you sign out, link again here.',
      fromForm(value) {
        const s2 = formText(value, 'espn_s2');
        const swid = formText(value, 'swid');
        const leagueIds = formLeagueIds(value);
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
      },
      refusal: {
        // The cookies as pasted are checked before ESPN is asked (credentials.ts).
        invalidInput(message) {
          if (/swid/i.test(message)) {
            return (
              'This is not the SWID cookie: it looks like {01234567-89AB-CDEF-0123-456789ABCDEF}. ' +
              'Copy the whole value of SWID again (with or without its braces).'
            );
          }
          if (/espn_s2/i.test(message)) {
            return (
              'This is not the espn_s2 cookie: it is one long text starting with AE, without ' +
              'spaces. Copy the whole value of espn_s2 again.'
            );
          }
          return message;
        },
        refused: (kind) =>
          kind === 'not_found'
            ? "ESPN couldn't find one of these leagues. Check each league id: it is the number " +
              'after leagueId= in the address of the league on fantasy.espn.com.'
            : "ESPN didn't accept these cookies: they end when you sign out of ESPN. Sign in " +
              'again at fantasy.espn.com, copy espn_s2 and SWID again, and paste them here.',
      },
    },
  },
  settings: {
    espnBaseUrl: {
      env: 'ESPN_BASE_URL',
      kind: 'url',
      default: 'https://lm-api-reads.fantasy.espn.com/apis/v3/games',
    },
    espnFanBaseUrl: {
      env: 'ESPN_FAN_BASE_URL',
      kind: 'url',
      default: 'https://fan.api.espn.com/apis/v2/fans',
    },
  },
  // ESPN gives a link no name: its leagues' names once read, else the ids the person typed.
  accountName(account, leagues) {
    const followed = followedLeagues(account.settings);
    const byIds = account.externalUserId === leaguesOnlyUserId(followed);
    return (
      leaguesNamed(leagues) ??
      (byIds ? leagueIdsNamed(followed.map((league) => league.id)) : undefined) ??
      'your ESPN account'
    );
  },
  requestsPerMinute: () => REQUESTS_PER_MINUTE,
  live: {
    state:
      "the sport's schedule; the period is the league's matchup period, read at ESPN's scoring period",
    callsPerRefresh: 2,
    calls:
      'the league with views mTeam, mSettings, mMatchupScore; the period box score (mMatchupScore, mBoxscore, scoringPeriodId)',
    // Football only: pages of 1000 of the ~2,200 active players (api.ts POOL_PAGE_SIZE).
    shared: {
      callsPerRead: 3,
      calls:
        "football: the player pool's stats of the week, leaguedefaults/3 view kona_player_info with scoringPeriodId, pages of 1000 players (X-Fantasy-Filter)",
    },
  },
  createConnector: (settings, budget) =>
    createEspnConnector({
      baseUrl: settings.espnBaseUrl,
      fanBaseUrl: settings.espnFanBaseUrl,
      ...(budget && { budget }),
    }),
});
