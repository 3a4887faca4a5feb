// The bundled demo as a platform: generated data, no network, linked by the operator from the CLI
// only (`fantasy-data demo` does it), never over HTTP.
import { definePlatform } from '../module.ts';
import { createDemoConnector } from './connector.ts';

export const demo = definePlatform({
  id: 'demo',
  name: 'Demo',
  sports: ['football', 'baseball', 'basketball'],
  link: { cli: [] },
  settings: {},
  createConnector: () => createDemoConnector(),
});
