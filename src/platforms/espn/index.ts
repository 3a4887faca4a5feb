// ESPN Fantasy (football, baseball, basketball): cookies of a signed-in member, or league ids.
export { createEspnConnector } from './connector.ts';
export type { EspnConnectorOptions } from './connector.ts';
