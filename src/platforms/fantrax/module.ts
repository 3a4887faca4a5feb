// Fantrax as the service knows it: the user's secret id (stored encrypted), and/or ids of leagues
// to follow. The secret id is a credential (it reads every league of the user), so it comes the
// way ESPN's cookies and MFL's login do: a credentials file on the CLI, `credentials` in the
// admin API, a password field on the connect page; never a command-line flag.
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
import { REQUESTS_PER_MINUTE, createFantraxConnector } from './connector.ts';

export const fantrax = definePlatform({
  id: 'fantrax',
  name: 'Fantrax',
  sports: ['football', 'baseball', 'basketball'],
  link: {
    cli: [
      '--credentials-file FILE with {"secret_id": "..."} (the Secret ID on the',
      'Fantrax profile page), and/or --league ID for public leagues',
    ],
    cliExample: '--league <league id>',
    http: {
      api: '`fantrax` `credentials` `{"secret_id": "..."}` and/or `league_ids`',
      fields: [
        {
          name: 'secret_id',
          label: 'Fantrax Secret ID',
          type: 'password',
          secret: true,
          hint: 'On fantrax.com, open your profile (the user menu, then My Profile): the Secret ID is shown there.',
        },
        {
          name: 'league_ids',
          label: 'League ids (optional)',
          type: 'text',
          hint: 'Public leagues can be added by id alone (the text after /league/ in their address), separated by spaces.',
        },
      ],
      help:
        'Fantrax reads your leagues with the Secret ID of your account, which Fantrax shows on ' +
        'your profile page (sign in at fantrax.com, open the user menu, then My Profile). It is ' +
        'stored encrypted. Public leagues need only their id.',
      fromForm(value) {
        const secretId = formText(value, 'secret_id');
        const leagueIds = formLeagueIds(value);
        if (secretId === undefined && leagueIds.length === 0) {
          throw new InvalidInputError('enter your Fantrax Secret ID, or league ids');
        }
        return {
          ...(secretId !== undefined && { credentials: { secret_id: secretId } }),
          ...(leagueIds.length > 0 && { leagueIds }),
        };
      },
      refusal: {
        refused: (kind, typed, message) =>
          kind === 'not_found' && /found no leagues/.test(message)
            ? 'Fantrax found no leagues for this Secret ID, so nothing was linked. Check you ' +
              'copied the Secret ID from your profile page on fantrax.com (the user menu, then ' +
              'My Profile), or enter the ids of your leagues instead.'
            : kind === 'not_found' && typed.league_ids
              ? "Fantrax couldn't find one of these leagues, or it is private. Check each league " +
                'id: it is the text after /league/ in the address of the league on fantrax.com.'
              : "Fantrax didn't accept this Secret ID. Copy it again from your profile page on " +
                'fantrax.com (the user menu, then My Profile) and paste it here.',
      },
    },
  },
  settings: {
    fantraxBaseUrl: {
      env: 'FANTRAX_BASE_URL',
      kind: 'url',
      default: 'https://www.fantrax.com/fxea/general',
    },
  },
  // The account's id is a digest of its Secret ID: named by its leagues, else the ids typed.
  accountName: (account, leagues) =>
    leaguesNamed(leagues) ??
    (account.externalUserId === PUBLIC_ACCOUNT_ID
      ? leagueIdsNamed(followedLeagueIds({ platform: 'fantrax', ...account }))
      : undefined) ??
    'your Fantrax account',
  requestsPerMinute: () => REQUESTS_PER_MINUTE,
  createConnector: (settings, budget) =>
    createFantraxConnector({ baseUrl: settings.fantraxBaseUrl, ...(budget && { budget }) }),
});
