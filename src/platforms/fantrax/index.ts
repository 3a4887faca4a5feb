// Fantrax (https://www.fantrax.com/fxea/general/, its official beta API): football, baseball and
// basketball leagues, read with the user's secret id or by league id.
export {
  REQUESTS_PER_MINUTE as FANTRAX_REQUESTS_PER_MINUTE,
  createFantraxConnector,
} from './connector.ts';
export type { FantraxConnectorOptions } from './connector.ts';
