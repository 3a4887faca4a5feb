// The curve: four figures against the number of leagues (log x), one line per store, each
// target dashed. Drawn as SVG and made a PNG by Debian's Chromium through playwright-core (both
// already used by the browser tests), so the bench needs no image library.
import { existsSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { ScaleSize } from './build.ts';
import type { ScaleFigures } from './measure.ts';
import { TARGETS, worstCold } from './report.ts';

const CHROMIUM = '/usr/bin/chromium';
const PANEL = { width: 420, height: 260, left: 60, right: 20, top: 40, bottom: 44 };
const COLORS: Record<string, string> = { sqlite: '#1f77b4', postgres: '#d62728' };

interface Panel {
  title: string;
  unit: string;
  value: (f: ScaleFigures) => number;
  target?: number;
}

const PANELS: readonly Panel[] = [
  { title: 'start to ready', unit: 'ms', value: (f) => f.readyMs, target: TARGETS.readyMs },
  { title: 'RSS under load', unit: 'MB', value: (f) => f.rssLoadMb, target: TARGETS.rssLoadMb },
  {
    title: 'cold p99, slowest endpoint',
    unit: 'ms',
    value: (f) => worstCold(f).p99Ms,
    target: TARGETS.coldP99Ms,
  },
  {
    title: 're-sync seen on another instance, max',
    unit: 'ms',
    value: (f) => f.resyncSeenElsewhere.p99Ms,
    target: TARGETS.resyncElsewhereMs,
  },
  { title: 'store on disk', unit: 'GB', value: (f) => f.diskBytes / 1e9 },
  {
    title: 'hot ratio to the bare server, lowest',
    unit: '',
    value: (f) => f.hotRatio,
    target: TARGETS.hotRatio,
  },
];

export function curveSvg(
  results: ReadonlyArray<{ size: ScaleSize; figures: ScaleFigures }>,
): string {
  const columns = 2;
  const width = PANEL.width * columns;
  const height = PANEL.height * Math.ceil(PANELS.length / columns) + 30;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="10" y="18" font-size="13">Fantasy League Data Service: figures against leagues in the store (npm run bench -- --size 10k,100k,1m)</text>`,
  ];
  PANELS.forEach((panel, i) => {
    const x0 = (i % columns) * PANEL.width;
    const y0 = 30 + Math.floor(i / columns) * PANEL.height;
    parts.push(panelSvg(panel, results, x0, y0));
  });
  parts.push('</svg>');
  return parts.join('\n');
}

function panelSvg(
  panel: Panel,
  results: ReadonlyArray<{ size: ScaleSize; figures: ScaleFigures }>,
  x0: number,
  y0: number,
): string {
  const plotW = PANEL.width - PANEL.left - PANEL.right;
  const plotH = PANEL.height - PANEL.top - PANEL.bottom;
  const values = results.map((r) => panel.value(r.figures)).filter((v) => Number.isFinite(v));
  const top = niceCeiling(Math.max(panel.target ?? 0, ...values, 1e-9) * 1.1);
  const x = (leagues: number) => x0 + PANEL.left + ((Math.log10(leagues) - 4) / 2) * plotW; // 10^4 .. 10^6
  const y = (v: number) => y0 + PANEL.top + plotH - (v / top) * plotH;
  const out: string[] = [
    `<text x="${x0 + PANEL.left}" y="${y0 + 20}" font-size="12" font-weight="bold">${panel.title}${panel.unit ? ` (${panel.unit})` : ''}</text>`,
    `<line x1="${x0 + PANEL.left}" y1="${y(0)}" x2="${x0 + PANEL.left + plotW}" y2="${y(0)}" stroke="black"/>`,
    `<line x1="${x0 + PANEL.left}" y1="${y(0)}" x2="${x0 + PANEL.left}" y2="${y(top)}" stroke="black"/>`,
  ];
  for (const [leagues, label] of [
    [1e4, '10k'],
    [1e5, '100k'],
    [1e6, '1M'],
  ] as const) {
    out.push(
      `<line x1="${x(leagues)}" y1="${y(0)}" x2="${x(leagues)}" y2="${y(0) + 4}" stroke="black"/>`,
      `<text x="${x(leagues)}" y="${y(0) + 16}" text-anchor="middle">${label}</text>`,
    );
  }
  for (let tick = 0; tick <= 4; tick++) {
    const v = (top * tick) / 4;
    out.push(
      `<text x="${x0 + PANEL.left - 6}" y="${y(v) + 4}" text-anchor="end">${formatTick(v)}</text>`,
      `<line x1="${x0 + PANEL.left}" y1="${y(v)}" x2="${x0 + PANEL.left + plotW}" y2="${y(v)}" stroke="#eee"/>`,
    );
  }
  out.push(
    `<text x="${x0 + PANEL.left + plotW / 2}" y="${y(0) + 32}" text-anchor="middle">leagues (log scale)</text>`,
  );
  if (panel.target !== undefined) {
    out.push(
      `<line x1="${x0 + PANEL.left}" y1="${y(panel.target)}" x2="${x0 + PANEL.left + plotW}" y2="${y(panel.target)}" stroke="#2ca02c" stroke-dasharray="5,4"/>`,
      `<text x="${x0 + PANEL.left + plotW - 2}" y="${y(panel.target) - 4}" text-anchor="end" fill="#2ca02c">target</text>`,
    );
  }
  let legend = 0;
  for (const backend of ['sqlite', 'postgres']) {
    const points = results
      .filter((r) => r.figures.backend === backend && Number.isFinite(panel.value(r.figures)))
      .map((r) => [x(r.figures.leagues), y(panel.value(r.figures))] as const)
      .sort((a, b) => a[0] - b[0]);
    if (points.length === 0) continue;
    const color = COLORS[backend] ?? 'black';
    out.push(
      `<polyline fill="none" stroke="${color}" stroke-width="2" points="${points.map((p) => p.join(',')).join(' ')}"/>`,
      ...points.map(([px, py]) => `<circle cx="${px}" cy="${py}" r="3" fill="${color}"/>`),
      `<text x="${x0 + PANEL.left + 8 + legend * 70}" y="${y0 + 34}" fill="${color}">${backend}</text>`,
    );
    legend += 1;
  }
  return out.join('\n');
}

function niceCeiling(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

function formatTick(value: number): string {
  if (value === 0) return '0';
  if (value >= 100) return value.toFixed(0);
  if (value >= 1) return value.toFixed(1).replace(/\.0$/, '');
  return value.toFixed(2);
}

/** Writes the curve as a PNG; without Chromium, the SVG beside where the PNG would go. */
export async function plotCurve(
  results: ReadonlyArray<{ size: ScaleSize; figures: ScaleFigures }>,
  pngFile: string,
): Promise<void> {
  const svg = curveSvg(results);
  if (!existsSync(CHROMIUM)) {
    const svgFile = pngFile.replace(/\.png$/, '.svg');
    writeFileSync(svgFile, svg);
    console.log(`${CHROMIUM} not found (apt-get install -y chromium): wrote ${svgFile} instead`);
    return;
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--headless', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
    const element = await page.$('svg');
    if (element === null) throw new Error('the curve did not render');
    await element.screenshot({ path: pngFile });
  } finally {
    await browser.close();
  }
}
