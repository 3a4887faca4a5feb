import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../src/config.ts';
import { currentSeason, seasonsBetween } from '../src/domain/seasons.ts';

test('defaults give the embedded store on 127.0.0.1:8080', () => {
  const config = loadConfig({});
  assert.equal(config.host, '127.0.0.1');
  assert.equal(config.port, 8080);
  assert.equal(config.dataDir, resolve('./data'));
  assert.equal(config.databaseUrl, undefined);
  assert.equal(config.rateLimitPerMinute, 600);
  assert.equal(config.authFailuresPerMinute, 20);
  assert.equal(config.linkAttemptsPerSession, 5);
  assert.equal(config.linkAttemptsPerUser, 10);
  assert.equal(config.syncIntervalMinutes, 1440);
  assert.equal(config.demoOnEmpty, true);
  assert.equal(config.warmUp, false);
  assert.equal(config.platforms.sleeperBaseUrl, 'https://api.sleeper.app/v1');
  assert.ok(Object.isFrozen(config));
  assert.ok(Object.isFrozen(config.platforms));
});

test('every variable is read', () => {
  const config = loadConfig({
    HOST: '0.0.0.0',
    PORT: '9000',
    FANTASY_DATA_DIR: '/tmp/fantasy',
    DATABASE_URL: 'postgresql://u@localhost:5432/db',
    REDIS_URL: 'redis://127.0.0.1:6379',
    RATE_LIMIT_PER_MINUTE: '0',
    AUTH_FAILURES_PER_MINUTE: '0',
    LINK_ATTEMPTS_PER_SESSION: '3',
    LINK_ATTEMPTS_PER_USER: '0',
    LOG_LEVEL: 'warn',
    SYNC_INTERVAL_MINUTES: '60',
    SUPPORTED_SEASONS: '2015-2020',
    FANTASY_DEMO_ON_EMPTY: 'false',
    FANTASY_SECRET_KEY: 'a'.repeat(64),
    SLEEPER_BASE_URL: 'http://127.0.0.1:4000/v1',
  });
  assert.equal(config.host, '0.0.0.0');
  assert.equal(config.port, 9000);
  assert.equal(config.dataDir, '/tmp/fantasy');
  assert.equal(config.databaseUrl, 'postgresql://u@localhost:5432/db');
  assert.equal(config.redisUrl, 'redis://127.0.0.1:6379');
  assert.equal(config.rateLimitPerMinute, 0);
  assert.equal(config.authFailuresPerMinute, 0);
  assert.equal(config.linkAttemptsPerSession, 3);
  assert.equal(config.linkAttemptsPerUser, 0);
  assert.equal(config.logLevel, 'warn');
  assert.equal(config.syncIntervalMinutes, 60);
  assert.deepEqual(config.supportedSeasons, [2015, 2016, 2017, 2018, 2019, 2020]);
  assert.equal(config.demoOnEmpty, false);
  assert.equal(config.secretKey, 'a'.repeat(64));
  assert.equal(config.platforms.sleeperBaseUrl, 'http://127.0.0.1:4000/v1');
});

const bad: Array<[string, string]> = [
  ['PORT', 'eighty'],
  ['PORT', '70000'],
  ['RATE_LIMIT_PER_MINUTE', '-1'],
  ['AUTH_FAILURES_PER_MINUTE', 'lots'],
  ['LINK_ATTEMPTS_PER_SESSION', '-1'],
  ['LINK_ATTEMPTS_PER_USER', '10001'],
  ['DATABASE_URL', 'mysql://localhost/db'],
  ['DATABASE_URL', 'not a url'],
  ['REDIS_URL', 'http://localhost'],
  ['LOG_LEVEL', 'loud'],
  ['SYNC_INTERVAL_MINUTES', '1.5'],
  ['FANTASY_DEMO_ON_EMPTY', 'maybe'],
  ['FANTASY_SECRET_KEY', 'short'],
  ['SLEEPER_BASE_URL', 'ftp://example.test'],
  ['YAHOO_REQUESTS_PER_MINUTE', '0'],
  ['YAHOO_REQUESTS_PER_MINUTE', 'many'],
  ['YAHOO_ACCOUNT_REQUESTS_PER_MINUTE', '0'],
  ['YAHOO_ACCOUNT_REQUESTS_PER_MINUTE', '61'],
  ['YAHOO_THROTTLE_BACKOFF_MINUTES', '0'],
  ['YAHOO_THROTTLE_BACKOFF_MINUTES', '1441'],
];

for (const [variable, value] of bad) {
  test(`${variable}=${value} fails naming the variable`, () => {
    assert.throws(
      () => loadConfig({ [variable]: value }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.variable === variable &&
        error.message.startsWith(`${variable}: `),
    );
  });
}

// SUPPORTED_SEASONS is checked against a clock: the latest allowed season is next year's.
const AUTUMN_2026 = new Date('2026-10-01T12:00:00Z');

test('SUPPORTED_SEASONS defaults to 2017 through the season the sports are in at start', () => {
  const at = (iso: string) => loadConfig({}, new Date(iso)).supportedSeasons;
  assert.deepEqual(at('2026-11-29T12:00:00Z'), seasonsBetween(2017, 2026));
  // New Year: baseball's 2027 leagues open in January, while football and basketball play 2026.
  assert.deepEqual(at('2027-01-05T00:00:00Z'), seasonsBetween(2017, 2027));
  assert.deepEqual(at('2026-12-31T23:59:59Z'), seasonsBetween(2017, 2026));
  const config = loadConfig({}, AUTUMN_2026);
  assert.ok(Object.isFrozen(config.supportedSeasons));
  assert.deepEqual(
    loadConfig({ SUPPORTED_SEASONS: '' }, AUTUMN_2026).supportedSeasons,
    config.supportedSeasons,
  );
  // The specification's own seasons stay one setting away.
  assert.deepEqual(
    loadConfig({ SUPPORTED_SEASONS: '2017-2021' }).supportedSeasons,
    [2017, 2018, 2019, 2020, 2021],
  );
});

test('each sport counts its season from the month its leagues open', () => {
  const feb = new Date('2027-02-10T00:00:00Z');
  assert.equal(currentSeason('baseball', feb), 2027);
  assert.equal(currentSeason('football', feb), 2026);
  assert.equal(currentSeason('basketball', feb), 2026);
  const sep = new Date('2027-09-10T00:00:00Z');
  assert.equal(currentSeason('football', sep), 2027);
  assert.equal(currentSeason('basketball', sep), 2027);
  assert.equal(currentSeason('basketball', new Date('2027-07-31T23:00:00Z')), 2026);
});

test('SUPPORTED_SEASONS takes a range of years up to next year', () => {
  const seasons = (value: string) =>
    loadConfig({ SUPPORTED_SEASONS: value }, AUTUMN_2026).supportedSeasons;
  assert.deepEqual(
    seasons('2015-2026'),
    [2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026],
  );
  assert.deepEqual(seasons('2019-2021'), [2019, 2020, 2021]);
  assert.deepEqual(seasons(' 2024 - 2027 '), [2024, 2025, 2026, 2027]);
  assert.deepEqual(seasons('2021-2021'), [2021]);
  assert.ok(Object.isFrozen(seasons('2017-2026')));
});

const badSeasons: Array<[string, RegExp]> = [
  ['2017', /range of years FIRST-LAST from 2000 to 2027/],
  ['2017-', /range of years/],
  ['17-21', /range of years/],
  ['2017..2021', /range of years/],
  ['2017-2021-2022', /range of years/],
  ['2017.5-2021', /range of years/],
  ['twenty-twenty', /range of years/],
  ['2021-2017', /start no later than it ends/],
  ['2017-2028', /from 2000 to 2027/],
  ['1999-2021', /from 2000 to 2027/],
];

for (const [value, message] of badSeasons) {
  test(`SUPPORTED_SEASONS=${value} fails naming the variable`, () => {
    assert.throws(
      () => loadConfig({ SUPPORTED_SEASONS: value }, AUTUMN_2026),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.variable === 'SUPPORTED_SEASONS' &&
        error.message.startsWith('SUPPORTED_SEASONS: ') &&
        message.test(error.message),
    );
  });
}

test('SUPPORTED_SEASONS ends no later than next year by the clock', () => {
  const env = { SUPPORTED_SEASONS: '2017-2027' };
  assert.throws(() => loadConfig(env, new Date('2025-12-31T23:00:00Z')), ConfigError);
  assert.equal(loadConfig(env, new Date('2026-01-01T00:00:00Z')).supportedSeasons.at(-1), 2027);
});

test('Yahoo budgets: conservative defaults, each settable, the account budget within the application one', () => {
  const defaults = loadConfig({}).platforms;
  assert.equal(defaults.yahooRequestsPerMinute, 60);
  assert.equal(defaults.yahooAccountRequestsPerMinute, 40);
  assert.equal(defaults.yahooThrottleBackoffMinutes, 10);
  assert.equal(defaults.yahooClientId, undefined);
  const set = loadConfig({
    YAHOO_REQUESTS_PER_MINUTE: '200',
    YAHOO_ACCOUNT_REQUESTS_PER_MINUTE: '200',
    YAHOO_THROTTLE_BACKOFF_MINUTES: '30',
    YAHOO_CLIENT_ID: 'id',
    YAHOO_CLIENT_SECRET: 'secret',
  }).platforms;
  assert.equal(set.yahooRequestsPerMinute, 200);
  assert.equal(set.yahooAccountRequestsPerMinute, 200);
  assert.equal(set.yahooThrottleBackoffMinutes, 30);
  assert.equal(set.yahooClientId, 'id');
  assert.throws(
    () => loadConfig({ YAHOO_REQUESTS_PER_MINUTE: '20', YAHOO_ACCOUNT_REQUESTS_PER_MINUTE: '30' }),
    /YAHOO_ACCOUNT_REQUESTS_PER_MINUTE: must not exceed YAHOO_REQUESTS_PER_MINUTE \(20\)/,
  );
});

test('PUBLIC_BASE_URL is a plain http(s) address, kept without its trailing slash', () => {
  assert.equal(loadConfig({}).publicBaseUrl, undefined);
  assert.equal(
    loadConfig({ PUBLIC_BASE_URL: 'https://data.example.com/' }).publicBaseUrl,
    'https://data.example.com',
  );
  assert.equal(
    loadConfig({ PUBLIC_BASE_URL: 'https://example.com/fantasy' }).publicBaseUrl,
    'https://example.com/fantasy',
  );
  for (const bad of [
    'ftp://example.com',
    'not a url',
    'https://example.com/?x=1',
    'https://u:p@example.com',
  ]) {
    assert.throws(
      () => loadConfig({ PUBLIC_BASE_URL: bad }),
      (error: unknown) => error instanceof ConfigError && error.variable === 'PUBLIC_BASE_URL',
      bad,
    );
  }
});

test('CONNECT_APP_LOGO is a data: URI of a raster image, checked at start-up; unset: none', () => {
  assert.equal(loadConfig({}).connectAppLogo, undefined);
  const png =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
  assert.equal(loadConfig({ CONNECT_APP_LOGO: png }).connectAppLogo, png);
  for (const bad of ['https://cdn.example.com/logo.png', 'data:image/svg+xml;base64,PHN2Zz4=']) {
    assert.throws(
      () => loadConfig({ CONNECT_APP_LOGO: bad }),
      (error: unknown) => error instanceof ConfigError && error.variable === 'CONNECT_APP_LOGO',
    );
  }
});

test('CONNECT_APP_NAME names the application on the connect page; a neutral default', () => {
  assert.equal(loadConfig({}).connectAppName, 'Fantasy League Data Service');
  assert.equal(loadConfig({ CONNECT_APP_NAME: ' Draft Buddy ' }).connectAppName, 'Draft Buddy');
  for (const bad of ['x'.repeat(81), 'Two\nlines', '   ', 'Acme \u202Eetis.live', 'Acme\u2066']) {
    assert.throws(
      () => loadConfig({ CONNECT_APP_NAME: bad }),
      (error: unknown) => error instanceof ConfigError && error.variable === 'CONNECT_APP_NAME',
      bad,
    );
  }
});

test('CONNECT_OUTCOME_KEYS lists the outcome keys, the first signing; unset, none', () => {
  assert.equal(loadConfig({}).connectOutcomeKeys, undefined);
  const [a, b] = ['0a'.repeat(32), '0b'.repeat(32)];
  assert.deepEqual(loadConfig({ CONNECT_OUTCOME_KEYS: `${a},${b}` }).connectOutcomeKeys, [a, b]);
  for (const bad of [',', 'secret', `${a},${'0c'.repeat(31)}`]) {
    assert.throws(
      () => loadConfig({ CONNECT_OUTCOME_KEYS: bad }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.variable === 'CONNECT_OUTCOME_KEYS' &&
        !error.message.includes('secret'),
      bad,
    );
  }
});

test('NODE_ENV=production marks production; anything else, or unset, does not', () => {
  assert.equal(loadConfig({}).production, false);
  assert.equal(loadConfig({ NODE_ENV: 'development' }).production, false);
  assert.equal(loadConfig({ NODE_ENV: 'production' }).production, true);
});

test('CONNECT_RETURN_ORIGINS is a comma-separated list of http(s) origins, normalised', () => {
  assert.equal(loadConfig({}).connectReturnOrigins, undefined);
  assert.deepEqual(
    loadConfig({
      CONNECT_RETURN_ORIGINS:
        'https://App.Example.com, http://localhost:3000/,https://exämple.com:443',
    }).connectReturnOrigins,
    ['https://app.example.com', 'http://localhost:3000', 'https://xn--exmple-cua.com'],
  );
  for (const bad of [
    ',',
    'app.example.com',
    'https://app.example.com/path',
    'https://app.example.com/?x=1',
    'https://u:p@app.example.com',
    'javascript:alert(1)',
    'ftp://files.example.com',
    'https://app.example.com,not an origin',
  ]) {
    assert.throws(
      () => loadConfig({ CONNECT_RETURN_ORIGINS: bad }),
      (error: unknown) =>
        error instanceof ConfigError && error.variable === 'CONNECT_RETURN_ORIGINS',
      bad,
    );
  }
});
