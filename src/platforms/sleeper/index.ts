// Sleeper (https://docs.sleeper.com): public read-only API, football and basketball.
export { createSleeperConnector } from './connector.ts';
export type { SleeperConnectorOptions } from './connector.ts';
