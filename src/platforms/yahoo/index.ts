// Yahoo Fantasy Sports (https://developer.yahoo.com/fantasysports/guide/): OAuth 2.0, every sport.
export { createYahooConnector } from './connector.ts';
export type { YahooConnectorOptions } from './connector.ts';
