// GET /user, GET /meta and GET /players/{league_id}/ids/{player_id}: the token's user and linked
// accounts, what the deployment serves with each league's sync state, and a player's ids
// elsewhere (serving/operations). The first two are rendered for every request: they show sync
// attempts and links, which the change feed does not track.
import { getMeta } from '../../serving/operations/meta.ts';
import { playerIds as playerIdsOperation } from '../../serving/operations/player-ids.ts';
import { getUser } from '../../serving/operations/user.ts';
import { bodyXml } from '../../serving/xml.ts';
import { XML_TYPES } from '../negotiate.ts';
import { defineRoute } from '../route.ts';
import type { ApiRoute } from '../route.ts';

export const userRoute = defineRoute(getUser, {
  tag: 'user',
  summary: "The token's user and linked accounts",
  description:
    'Who the token speaks for and which platform accounts they linked: platform, the ' +
    "platform's user id and display name, when linked, whether it must be linked again (the " +
    'platform refused the stored credentials) and its last sync. Never a credential.',
  contractHeader: 'auth_token',
  responseDescription: 'The user.',
  produces: ['application/json', ...XML_TYPES],
  xml: (body) => bodyXml('User', body),
  errors: ['not_acceptable'],
  example: '/user',
  fresh: true,
});

/** The route for a service serving `seasons` (ascending start years). */
export function metaRoute(seasons: readonly number[]): ApiRoute {
  return defineRoute(getMeta(seasons), {
    tag: 'meta',
    summary: 'What this service serves, and the state of your leagues',
    description:
      'The platforms, sports, seasons and products of this deployment, the products the ' +
      "calling token holds, and for each of the user's leagues when a sync last read it and " +
      'whether its season is finished.',
    contractHeader: 'auth_token',
    responseDescription: 'The deployment and the leagues.',
    produces: ['application/json', ...XML_TYPES],
    xml: (body) => bodyXml('Meta', body),
    errors: ['not_acceptable'],
    example: '/meta',
    fresh: true,
  });
}

export const playerIdsRoute = defineRoute(playerIdsOperation, {
  tag: 'player',
  summary: "A player's ids on other platforms",
  description:
    "The player's ids on the service's other platforms and at data providers (Sportradar, " +
    "GSIS, RotoWire...), as the platforms' own player lists state them; players are tied " +
    'across platforms through ids they share. The Player record itself is unchanged.',
  contractHeader: 'auth_token',
  responseDescription: "The player's ids elsewhere.",
  produces: ['application/json', ...XML_TYPES],
  xml: (body) => bodyXml('PlayerIds', body),
  errors: ['invalid_parameter', 'league_not_found', 'player_not_found', 'not_acceptable'],
  example: '/players/11/ids/4046',
});
