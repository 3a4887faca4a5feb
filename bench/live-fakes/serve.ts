// The fakes' process: the loopback servers (servers.ts) apart from the bench's process, so that
// the CPU and memory the bench reports are the service's alone. Started by bench/live-sunday.ts
// with the world's clock (SUNDAY_T0, SUNDAY_SEASON); it sends the servers' base URLs, then
// answers 'counts' with every platform's request counts. It ends when the bench disconnects.
import { serveFakes } from './servers.ts';
import type { FakeCounts } from './servers.ts';

export type FakesMessage =
  | { type: 'ready'; baseUrls: Record<string, string> }
  | { type: 'counts'; counts: Record<string, FakeCounts> };

const servers = await serveFakes({
  t0: Number(process.env.SUNDAY_T0),
  season: Number(process.env.SUNDAY_SEASON),
});
const send = (message: FakesMessage) => process.send?.(message);
send({ type: 'ready', baseUrls: servers.baseUrls });
process.on('message', (message: unknown) => {
  if (message === 'counts') send({ type: 'counts', counts: servers.counts() });
});
process.on('disconnect', () => process.exit(0));
