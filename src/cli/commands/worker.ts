// `fantasy-data worker [--concurrency N]`: a sync worker process taking jobs from the queue in
// Redis until SIGTERM or SIGINT, then letting the syncs it runs finish and exiting 0.
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { startWorkerProcess } from '../../worker.ts';
import { EXIT_OK, HELP_OPTION, UsageError, describeStore, parse } from '../io.ts';
import type { CliIo } from '../io.ts';

export const WORKER_USAGE = `Usage:
  fantasy-data worker [--concurrency N]
      run account syncs queued in Redis (REDIS_URL) by the schedule, "sync" and every serve;
      N accounts at once (default SYNC_WORKER_CONCURRENCY, 4). Needs the same store
      (DATABASE_URL), REDIS_URL and FANTASY_SECRET_KEY as the API instances, and the platform
      variables; with another secret key it refuses to start (exit 2). Stops on SIGTERM/SIGINT
      once the syncs it is running have finished.`;

export async function workerCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(
    {
      args,
      options: { ...HELP_OPTION, concurrency: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    },
    WORKER_USAGE,
  );
  if (values.help) {
    io.out(WORKER_USAGE);
    return EXIT_OK;
  }
  if (positionals.length > 0) {
    throw new UsageError(`unexpected argument "${positionals[0]}"`, WORKER_USAGE);
  }
  let concurrency: number | undefined;
  if (values.concurrency !== undefined) {
    concurrency = /^\d+$/.test(values.concurrency) ? Number(values.concurrency) : NaN;
    if (!(concurrency >= 1 && concurrency <= 256)) {
      throw new UsageError('--concurrency must be a whole number from 1 to 256', WORKER_USAGE);
    }
  }
  const config = loadConfig(io.env);
  const logger = createLogger({ level: config.logLevel, destination: process.stderr });
  const worker = await startWorkerProcess(config, {
    logger,
    ...(concurrency !== undefined && { concurrency }),
  });
  io.err(describeStore(config, worker.store.location));
  io.err(`sync worker running (${concurrency ?? config.syncWorkerConcurrency} at once)`);
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  logger.info({ signal }, 'signal received; finishing the syncs in progress');
  await worker.close();
  return EXIT_OK;
}
