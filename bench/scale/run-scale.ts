// `npm run bench -- --size 10k,100k,1m --store sqlite|postgres|both`: for each size and store,
// the built store (from the cache, else built now, and the build's time printed), its figures
// (measure.ts), saved; then the one table of every size and store measured so far, and the plot.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DATA_DIR, cacheDir, dropScaledStore, scaledStore } from './build.ts';
import type { Backend, ScaleSize } from './build.ts';
import { measureScale } from './measure.ts';
import { plotCurve } from './plot.ts';
import { saveFigures, savedFigures, scaleTable } from './report.ts';

export interface ScaleRunOptions {
  sizes: readonly ScaleSize[];
  backends: readonly Backend[];
  /** Keep each built store for the next run (else it is deleted after its figures). */
  keep: boolean;
  /** Only build (and keep) the stores. */
  buildOnly: boolean;
  durationSeconds: number;
  runs: number;
  connections: number;
  pinningServers?: string;
  plotFile: string;
}

export async function runScale(options: ScaleRunOptions): Promise<void> {
  for (const size of options.sizes) {
    for (const backend of options.backends) {
      const started = performance.now();
      const log = (message: string) =>
        console.log(
          `  [${backend} ${size}] ${((performance.now() - started) / 1000).toFixed(1)} s: ${message}`,
        );
      const { store, reused } = await scaledStore(backend, size, log);
      console.log(
        `[${backend} ${size}] ${store.leagues} leagues, ${store.users} users, ${store.pools} pools of ` +
          `${store.players} players: ${reused ? 'reused the store built' : 'built'} in ` +
          `${store.build.totalSeconds.toFixed(1)} s (template ${store.build.templateSeconds.toFixed(1)} s, ` +
          `bulk copies ${store.build.copySeconds.toFixed(1)} s)`,
      );
      if (options.buildOnly) continue;
      const runDir = join(BENCH_DATA_DIR, 'runs', `${backend}-${size}`);
      rmSync(runDir, { recursive: true, force: true });
      mkdirSync(runDir, { recursive: true });
      try {
        const figures = await measureScale(store, {
          runDir,
          dataDir: cacheDir(backend, size),
          durationSeconds: options.durationSeconds,
          runs: options.runs,
          connections: options.connections,
          log,
          ...(options.pinningServers !== undefined && { pinningServers: options.pinningServers }),
        });
        saveFigures(size, figures);
      } finally {
        rmSync(runDir, { recursive: true, force: true });
        if (!options.keep) await dropScaledStore(backend, size);
      }
    }
  }
  if (options.buildOnly) return;
  printScaleTable();
  await plotCurve(savedFigures(), options.plotFile);
  console.log(`curve written to ${options.plotFile}`);
}

export function printScaleTable(): void {
  const results = savedFigures();
  console.log(
    `\nscale: every size and store measured so far (${join(BENCH_DATA_DIR, 'results')}); ` +
      'cold: first request of a league (and user) nobody asked for since start, over one ' +
      'keep-alive connection; targets at 1M on this 2-core machine',
  );
  console.log(scaleTable(results));
}
