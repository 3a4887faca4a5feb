// `npm run soak -- [--seconds 180] [--slice 10] [--connections 20] [--names random-case|typos]
// [--node-flag F]...`: the service on a fresh demo store under wrk (from Debian's packages:
// apt-get install wrk) for a few minutes: all five endpoints, a quarter of the requests name
// searches (in random letter case by default, the issue-10 load; `typos`: one or two letters
// changed, so most are new searches that fill the response cache to its budget). Beside wrk, a
// probe sends one never-seen name search at a time (a cache miss for certain) and times it.
// Prints per slice: requests/s, p50, p99 and p99.9 latency, non-2xx, the misses' p50 and p99, RSS.
// About a tenth of the answers are 404s by design: the player id DET (a football team defense) is
// asked of every league, and 10 of the demo's 17 are not football.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openStore } from '../src/storage/db.ts';
import { prepareDemoStore } from './demo-target.ts';
import { compileService, startService } from '../bench/processes.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '180' },
    slice: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    names: { type: 'string', default: 'random-case' },
    // Node flags for the service (A/B runs: --max-old-space-size=N, --heapsnapshot-signal=SIGUSR2).
    'node-flag': { type: 'string', multiple: true, default: [] },
  },
});
if (!['random-case', 'typos'].includes(values.names)) {
  throw new Error(`--names must be random-case or typos, not ${values.names}`);
}

if (spawnSync('wrk', ['--version']).error) {
  console.error('soak needs wrk: apt-get install -y wrk');
  process.exit(2);
}

/** The demo's hard cases (league 11, README) and a prefix, as people type them. */
const NAMES = ['dj marlow', 'josh allman', 'andres penalosa', 'terrell okafor', 'marlow'];

/** The wrk script: rotates the five endpoints; name searches get a random letter case or typos. */
function wrkScript(token: string, leagueIds: readonly number[]): string {
  // The demo's league 11 holds the hard name cases (README), so random-case searches match.
  const hardCaseLeague = leagueIds.includes(11) ? 11 : (leagueIds[0] ?? 1);
  const vary = values.names === 'typos' ? 'typos' : 'randomCase';
  return `
local token = "${token}"
local leagues = {${leagueIds.join(',')}}
local names = {${NAMES.map((n) => `"${n}"`).join(',')}}
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
local letters = "abcdefghijklmnopqrstuvwxyz"
local function typos(s)
  for _ = 1, math.random(2) do
    local at = math.random(#s)
    if s:sub(at, at) ~= " " then
      local r = math.random(26)
      s = s:sub(1, at - 1) .. letters:sub(r, r) .. s:sub(at + 1)
    end
  end
  return s
end
request = function()
  local path
  if math.random() < 0.25 then
    local id = ${hardCaseLeague}
    local name = ${vary}(names[math.random(#names)]):gsub(" ", "%%20")
    path = "/players/" .. id .. "/searchPlayer/name/" .. name
  else
    path = fixed[math.random(#fixed)]
  end
  return wrk.format("GET", path, { ["X-Auth-Token"] = token, ["Accept-Encoding"] = "gzip" })
end
done = function(summary, latency, requests)
  io.write(string.format("p99.9: %.3fms\\n", latency:percentile(99.9) / 1000))
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

function runWrk(args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('close', () => resolve(out));
  });
}

/**
 * Name searches nobody sent before, one at a time on one keep-alive connection, for as long as
 * `running()`: three letters of a long demo name changed (wrk's typos change at most two), so
 * each is a response-cache miss. Records each latency in milliseconds.
 */
async function probeMisses(
  url: string,
  token: string,
  running: () => boolean,
  latencies: number[],
): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const sent = new Set<string>();
  const base = 'andres penalosa';
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  while (running()) {
    let name: string;
    do {
      const chars = [...base];
      const positions = new Set<number>();
      while (positions.size < 3) {
        const at = Math.floor(Math.random() * chars.length);
        if (chars[at] !== ' ') positions.add(at);
      }
      for (const at of positions) {
        const others = letters.replace(chars[at] as string, '');
        chars[at] = others[Math.floor(Math.random() * others.length)] as string;
      }
      name = chars.join('');
    } while (sent.has(name));
    sent.add(name);
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const path = `/players/11/searchPlayer/name/${encodeURIComponent(name)}`;
      request(`${url}${path}`, { agent, headers: { 'X-Auth-Token': token } }, (res) => {
        res.resume();
        res.once('end', resolve);
      })
        .once('error', reject)
        .end();
    });
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  agent.destroy();
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
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
    nodeFlags: values['node-flag'],
    env: { LOG_LEVEL: 'silent' },
  });
  try {
    const flags = values['node-flag'].join(' ');
    console.log(
      `soak: ${values.seconds} s, ${values.connections} connections, names ${values.names}, ` +
        `wrk on ${service.url} (service pid ${service.process.pid}${flags && `, ${flags}`})`,
    );
    console.log(`RSS at start: ${service.rssMb().toFixed(0)} MB`);
    console.log(
      '  t(s)    req/s    p50(ms)    p99(ms)  p99.9(ms)  non-2xx  miss p50  miss p99  RSS(MB)',
    );
    const slices = Math.ceil(Number(values.seconds) / Number(values.slice));
    let peak = 0;
    const allMisses: number[] = [];
    for (let i = 1; i <= slices; i++) {
      const misses: number[] = [];
      let wrkRunning = true;
      const probe = probeMisses(service.url, token, () => wrkRunning, misses);
      const out = await runWrk([
        '-t2',
        `-c${values.connections}`,
        `-d${values.slice}s`,
        '--latency',
        '-s',
        script,
        service.url,
      ]);
      wrkRunning = false;
      await probe;
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
      const p50 = ms(/\s50%\s+(\S+)/.exec(out)?.[1]);
      const p99 = ms(/\s99%\s+(\S+)/.exec(out)?.[1]);
      const p999 = Number(/p99\.9: ([\d.]+)ms/.exec(out)?.[1]);
      const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
      const sorted = misses.sort((a, b) => a - b);
      allMisses.push(...sorted);
      const rss = service.rssMb();
      peak = Math.max(peak, rss);
      console.log(
        `${String(i * Number(values.slice)).padStart(6)} ${rps.toFixed(0).padStart(8)} ` +
          `${p50.toFixed(2).padStart(10)} ${p99.toFixed(2).padStart(10)} ${p999.toFixed(2).padStart(10)} ` +
          `${String(non2xx).padStart(8)} ${percentile(sorted, 50).toFixed(2).padStart(9)} ` +
          `${percentile(sorted, 99).toFixed(2).padStart(9)} ${rss.toFixed(0).padStart(8)}`,
      );
    }
    allMisses.sort((a, b) => a - b);
    console.log(
      `misses probed: ${allMisses.length}, p50 ${percentile(allMisses, 50).toFixed(2)} ms, ` +
        `p99 ${percentile(allMisses, 99).toFixed(2)} ms (client side, one at a time beside wrk)`,
    );
    console.log(
      `peak RSS sampled: ${peak.toFixed(0)} MB; peak RSS (VmHWM): ${service.peakRssMb().toFixed(0)} MB`,
    );
  } finally {
    await service.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
