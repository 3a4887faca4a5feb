// Fleaflicker (https://www.fleaflicker.com/api-docs/): public read-only API, football, baseball
// and basketball, users known by their e-mail address.
export { createFleaflickerConnector } from './connector.ts';
export type { FleaflickerConnectorOptions } from './connector.ts';
