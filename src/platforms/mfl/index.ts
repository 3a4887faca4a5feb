// MyFantasyLeague (https://api.myfantasyleague.com/2020/api_info): football, by login or league id.
export { createMflConnector } from './connector.ts';
export type { MflConnectorOptions } from './connector.ts';
