// MyFantasyLeague (https://api.myfantasyleague.com/2020/api_info): football, by login or league id.
export {
  DEFAULT_REQUESTS_PER_MINUTE as MFL_REQUESTS_PER_MINUTE,
  createMflConnector,
} from './connector.ts';
export type { MflConnectorOptions } from './connector.ts';
