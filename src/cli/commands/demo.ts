// `fantasy-data demo load`: the bundled demo data, through the real sync path. Idempotent.
import { loadDemo } from '../../sync/demo.ts';
import { describeProgress, formatSummary, syncFailed } from '../report.ts';
import { EXIT_FAILURE, EXIT_OK, HELP_OPTION, UsageError, parse, withStore } from '../io.ts';
import type { CliIo } from '../io.ts';

export const DEMO_USAGE = `Usage:
  fantasy-data demo load   create user "demo" and sync the bundled demo leagues into the store
                           (safe to repeat: a second load changes nothing)`;

export async function demoCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(
    { args, options: HELP_OPTION, allowPositionals: true, strict: true },
    DEMO_USAGE,
  );
  if (values.help) {
    io.out(DEMO_USAGE);
    return EXIT_OK;
  }
  if (positionals.length !== 1 || positionals[0] !== 'load') {
    throw new UsageError('the demo command has one action: load', DEMO_USAGE);
  }
  return withStore(
    io,
    async (store, config) => {
      const summary = await loadDemo(store, {
        seasons: config.supportedSeasons,
        onProgress: (event) => io.err(describeProgress(event)),
      });
      io.out(formatSummary(summary));
      io.err(
        'issue a token for it with: fantasy-data tokens create --user demo --products "league roster player"',
      );
      return syncFailed(summary) ? EXIT_FAILURE : EXIT_OK;
    },
    { create: true },
  );
}
