// Fleaflicker (https://www.fleaflicker.com/api-docs/): public read-only API, football, baseball
// and basketball, users known by their e-mail address.
export {
  REQUESTS_PER_MINUTE as FLEAFLICKER_REQUESTS_PER_MINUTE,
  createFleaflickerConnector,
} from './connector.ts';
export type { FleaflickerConnectorOptions } from './connector.ts';
