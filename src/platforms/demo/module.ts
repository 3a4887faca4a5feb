// The bundled demo as a platform: generated data, no network. The operator loads it from the CLI
// (`fantasy-data demo load`, or on an empty store at start-up); once loaded, anyone can link it
// over HTTP (the admin API, the connect page) to try the service with its sample leagues, so the
// whole connect flow runs offline. The connect page offers it only when it is loaded
// (needsLoadedLeagues).
import { definePlatform } from '../module.ts';
import { createDemoConnector } from './connector.ts';
import { DEMO_USERNAME } from './plan.ts';

export const demo = definePlatform({
  id: 'demo',
  name: 'Sample leagues (demo)',
  sports: ['football', 'baseball', 'basketball'],
  link: {
    cli: [],
    http: {
      api: '`demo` with no fields (the sample leagues of `fantasy-data demo load`)',
      fields: [],
      help:
        'Made-up sample leagues, to see what {app} does before linking your own: nothing of ' +
        'yours is read. You can link your real platforms too.',
      submitLabel: 'Try with sample leagues',
      fromForm: () => ({ username: DEMO_USERNAME }),
      needsLoadedLeagues: {
        notLoaded:
          'the demo is not loaded here: run `fantasy-data demo load` (or start on an empty store)',
      },
    },
  },
  settings: {
    // 1: the demo's current week plays live on the clock (platforms/demo/live.ts).
    demoLive: { env: 'DEMO_LIVE', kind: 'integer', default: 0, min: 0, max: 1 },
  },
  live: {
    state: "the demo's calendar: its 2021 football and basketball weeks of 30 November 2021",
    callsPerRefresh: 0,
    calls: 'none: generated from the seed and the clock (with DEMO_LIVE=1)',
  },
  createConnector: (settings) =>
    createDemoConnector(settings.demoLive === 1 ? { live: { now: Date.now } } : {}),
});
