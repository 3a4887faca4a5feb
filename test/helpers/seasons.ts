// The seasons the test apps, CLIs and servers serve unless a test says otherwise: the
// specification's own. The default (2017 through the current season) moves with the calendar, and
// what a sync asks a fake for would move with it; the default itself is tested with a fixed clock
// (test/config.test.ts) and over HTTP (test/http/seasons.test.ts, test/http/openapi.test.ts).
export const TEST_SEASONS = '2017-2021';
