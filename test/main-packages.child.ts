// Starts the service in-process from the environment, as `fantasy-data serve` does, answers one
// request, and prints the npm packages loaded by then (main-packages.test.ts).
import { createRequire } from 'node:module';
import { loadConfig } from '../src/config.ts';
import { startServer } from '../src/main.ts';

const server = await startServer(loadConfig(process.env));
try {
  const health = await fetch(`${server.url}/readyz`);
  if (!health.ok) throw new Error(`/readyz answered ${health.status}`);
} finally {
  await server.close();
}
// Every CommonJS module loaded, imported ones included, is in the require cache by its path.
const packages = new Set<string>();
for (const path of Object.keys(createRequire(import.meta.url).cache)) {
  const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1];
  if (name !== undefined) packages.add(name);
}
process.stdout.write(JSON.stringify([...packages].sort()));
