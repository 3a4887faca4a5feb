// `npm run soak -- [--seconds 180] [--slice 10] [--connections 20]`: the service on a fresh demo
// store under wrk (from Debian's packages: apt-get install wrk) for a few minutes: all five
// endpoints, a quarter of the requests name searches in random letter case (which miss the
// response cache). Prints, per slice, requests per second, p99 and p99.9 latency and RSS.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openStore } from '../src/storage/db.ts';
import { prepareDemoStore } from './demo-target.ts';
import { compileService, startService } from '../bench/processes.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '180' },
    slice: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
  },
});

if (spawnSync('wrk', ['--version']).error) {
  console.error('soak needs wrk: apt-get install -y wrk');
  process.exit(2);
}

/** The wrk script: rotates the five endpoints; name searches get a random letter case. */
function wrkScript(token: string, leagueIds: readonly number[]): string {
  // The demo's league 11 holds the hard name cases (README), so random-case searches match.
  const hardCaseLeague = leagueIds.includes(11) ? 11 : (leagueIds[0] ?? 1);
  const names = ['dj marlow', 'josh allman', 'andres penalosa', 'terrell okafor', 'marlow'];
  return `
local token = "${token}"
local leagues = {${leagueIds.join(',')}}
local names = {${names.map((n) => `"${n}"`).join(',')}}
local fixed = {}
for _, id in ipairs(leagues) do
  table.insert(fixed, "/league/settings/" .. id)
  table.insert(fixed, "/players/getAllRostered/" .. id .. "/names")
  table.insert(fixed, "/players/" .. id .. "/searchPlayer/name/marlow")
  table.insert(fixed, "/players/" .. id .. "/searchPlayer/player_id/DET")
end
table.insert(fixed, "/league/findAllLeagues")
table.insert(fixed, "/league/findAllLeagues?sport=football&season=2021")
math.randomseed(os.time())
local function randomCase(s)
  return (s:gsub("%a", function(c)
    if math.random() < 0.5 then return c:upper() else return c:lower() end
  end))
end
request = function()
  local path
  if math.random() < 0.25 then
    local id = ${hardCaseLeague}
    local name = randomCase(names[math.random(#names)]):gsub(" ", "%%20")
    path = "/players/" .. id .. "/searchPlayer/name/" .. name
  else
    path = fixed[math.random(#fixed)]
  end
  return wrk.format("GET", path, { ["X-Auth-Token"] = token, ["Accept-Encoding"] = "gzip" })
end
`;
}

/** Milliseconds from a wrk latency figure such as "1.23ms", "512.00us" or "1.02s". */
function ms(text: string | undefined): number {
  const match = /([\d.]+)(us|ms|s)/.exec(text ?? '');
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}

const dataDir = mkdtempSync(join(tmpdir(), 'fantasy-soak-'));
try {
  const store = await openStore({ dataDir });
  const { token, leagueIds } = await prepareDemoStore(store);
  await store.close();
  const script = join(dataDir, 'soak.lua');
  writeFileSync(script, wrkScript(token, leagueIds));
  // Compiled as `npm start` runs it: no TypeScript loader in the figures.
  compileService();
  const service = await startService({
    dataDir,
    logFile: join(dataDir, 'service.log'),
    rateLimitPerMinute: 0,
    env: { LOG_LEVEL: 'silent' },
  });
  try {
    console.log(
      `soak: ${values.seconds} s, ${values.connections} connections, wrk on ${service.url}`,
    );
    console.log(`RSS at start: ${service.rssMb().toFixed(0)} MB`);
    console.log('  t(s)    req/s    p50(ms)    p99(ms)  non-2xx  RSS(MB)');
    const slices = Math.ceil(Number(values.seconds) / Number(values.slice));
    let peak = 0;
    for (let i = 1; i <= slices; i++) {
      const run = spawnSync(
        'wrk',
        [
          '-t2',
          `-c${values.connections}`,
          `-d${values.slice}s`,
          '--latency',
          '-s',
          script,
          service.url,
        ],
        { encoding: 'utf8' },
      );
      const out = run.stdout;
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
      const p99 = ms(/\s99%\s+(\S+)/.exec(out)?.[1]);
      const p50 = ms(/\s50%\s+(\S+)/.exec(out)?.[1]);
      const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
      const rss = service.rssMb();
      peak = Math.max(peak, rss);
      console.log(
        `${String(i * Number(values.slice)).padStart(6)} ${rps.toFixed(0).padStart(8)} ` +
          `${p50.toFixed(2).padStart(10)} ${p99.toFixed(2).padStart(10)} ` +
          `${String(non2xx).padStart(8)} ${rss.toFixed(0).padStart(8)}`,
      );
    }
    console.log(
      `peak RSS sampled: ${peak.toFixed(0)} MB; peak RSS (VmHWM): ${service.peakRssMb().toFixed(0)} MB`,
    );
  } finally {
    await service.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
