// The bundled, generated demo platform: a connector for the service and large datasets for
// benchmarks. Deterministic from a seed; no network.
export { createDemoConnector } from './connector.ts';
export type { DemoConnectorOptions } from './connector.ts';
export { generateDemoDataset } from './dataset.ts';
export type { DemoDatasetOptions, DemoDataset } from './dataset.ts';
export {
  DEFAULT_DEMO_SEED,
  DEMO_EXTERNAL_USER_ID,
  DEMO_LEAGUE_PLAN,
  DEMO_USERNAME,
  generateDemoData,
} from './plan.ts';
export type { DemoData } from './plan.ts';
