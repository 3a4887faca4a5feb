// `fantasy-data sync --user NAME ...` (live progress on stderr, summary table on stdout, exit 1
// when anything failed) and `fantasy-data sync status [--user NAME]`.
import { loadConfig } from '../../config.ts';
import { PLATFORMS, SPORTS, isPlatform, isSport } from '../../domain/catalog.ts';
import type { Platform, Sport } from '../../domain/catalog.ts';
import { describeSeasons } from '../../domain/seasons.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { MODULES, platformModule } from '../../platforms/registry.ts';
import type { Store } from '../../storage/db.ts';
import { listAccounts } from '../../storage/repositories/accounts.ts';
import { findLeagueRefreshes } from '../../storage/repositories/live.ts';
import {
  listLatestUnfinishedRuns,
  listLeagueSyncStatus,
} from '../../storage/repositories/syncs.ts';
import { listUsersById } from '../../storage/repositories/users.ts';
import type { User } from '../../storage/repositories/users.ts';
import { deathOf } from '../../sync/run-lease.ts';
import { createSecretBox } from '../../secrets.ts';
import { createConnectorRegistry } from '../../sync/connectors.ts';
import { openSyncJobs } from '../../sync/jobs/index.ts';
import { createLogger } from '../../logger.ts';
import { RELINK_HINT, describeProgress, formatSummary, syncFailed } from '../report.ts';
import {
  EXIT_FAILURE,
  EXIT_OK,
  HELP_OPTION,
  UsageError,
  formatTable,
  parse,
  requireUser,
  withStore,
} from '../io.ts';
import type { CliIo } from '../io.ts';

/** The usage text; `seasons` are the configured SUPPORTED_SEASONS once they are known. */
export function syncUsage(seasons?: readonly number[]): string {
  const seasonList =
    seasons === undefined
      ? 'those of SUPPORTED_SEASONS (default 2017-2021)'
      : `${describeSeasons(seasons)} (SUPPORTED_SEASONS)`;
  return `Usage:
  fantasy-data sync --user NAME [--platform P] [--sport S]... [--season YEAR]...
  fantasy-data sync --all [--sport S]... [--season YEAR]...
      sync linked accounts now; progress on stderr, a summary table on stdout;
      exits 1 when any league failed. --sport and --season repeat; none means all.
      Without --season, a finished season an account already synced in full is left
      alone (its data no longer changes); --season syncs the seasons named in any case.
      With REDIS_URL each account's sync is a job for the workers (fantasy-data worker, or
      serve); sync waits for them unless --no-wait (then it prints the job ids and exits).
      A job the queue loses while sync waits (Redis restarted without persistence) is named
      as failed (exit 1); one whose sync ended meanwhile is reported from the store.
      platforms: ${PLATFORMS.join(', ')}
      sports: ${SPORTS.join(', ')}
      seasons: ${seasonList}
  fantasy-data sync status [--user NAME]
      per user and league: when it last synced, the last attempt's outcome and error; then the
      accounts to link again (the platform refused their credentials) and runs that did not
      finish (still running, or interrupted: their process died)`;
}

export const SYNC_USAGE = syncUsage();

export async function syncCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(
    {
      args,
      options: {
        ...HELP_OPTION,
        user: { type: 'string' },
        all: { type: 'boolean' },
        platform: { type: 'string' },
        sport: { type: 'string', multiple: true },
        season: { type: 'string', multiple: true },
        wait: { type: 'boolean' },
        'no-wait': { type: 'boolean' },
      },
      allowPositionals: true,
      strict: true,
    },
    SYNC_USAGE,
  );
  if (values.help) {
    io.out(syncUsage(loadConfig(io.env).supportedSeasons));
    return EXIT_OK;
  }
  if (positionals[0] === 'status') {
    if (
      positionals.length > 1 ||
      values.all ||
      values.platform ||
      values.sport ||
      values.season ||
      values.wait !== undefined ||
      values['no-wait'] !== undefined
    ) {
      throw new UsageError('sync status takes only --user', SYNC_USAGE);
    }
    return status(values.user, io);
  }
  if (positionals.length > 0)
    throw new UsageError(`unexpected argument "${positionals[0]}"`, SYNC_USAGE);
  if ((values.user === undefined) === (values.all !== true)) {
    throw new UsageError('give either --user NAME or --all', SYNC_USAGE);
  }
  if (values.wait === true && values['no-wait'] === true) {
    throw new UsageError('give --wait or --no-wait, not both', SYNC_USAGE);
  }
  const wait = values['no-wait'] !== true;
  if (values.all && values.platform !== undefined) {
    throw new UsageError('--platform goes with --user', SYNC_USAGE);
  }
  let platform: Platform | undefined;
  if (values.platform !== undefined) {
    if (!isPlatform(values.platform)) {
      throw new UsageError(
        `unknown platform "${values.platform}"; platforms: ${PLATFORMS.join(', ')}`,
        SYNC_USAGE,
      );
    }
    platform = values.platform;
  }
  const sports = (values.sport ?? []).map((s): Sport => {
    if (!isSport(s))
      throw new UsageError(`unknown sport "${s}"; sports: ${SPORTS.join(', ')}`, SYNC_USAGE);
    return s;
  });
  // Checked against the configured seasons before anything is opened.
  const { supportedSeasons } = loadConfig(io.env);
  const seasons = (values.season ?? []).map((s): number => {
    const year = /^\d{4}$/.test(s) ? Number(s) : NaN;
    if (!supportedSeasons.includes(year)) {
      throw new UsageError(
        `unknown season "${s}"; seasons: ${supportedSeasons.join(', ')}`,
        syncUsage(supportedSeasons),
      );
    }
    return year;
  });

  return withStore(io, async (store, config) => {
    if (!wait && config.redisUrl === undefined) {
      throw new UsageError('--no-wait queues syncs for workers: it needs REDIS_URL', SYNC_USAGE);
    }
    const userId =
      values.user === undefined
        ? undefined
        : (await requireLinkedUser(store, values.user, platform)).id;
    const accounts = await listAccounts(store.db, {
      ...(userId === undefined ? {} : { userId }),
      ...(platform === undefined ? {} : { platform }),
    });
    const jobs = await openSyncJobs(config, {
      store,
      connectors: createConnectorRegistry(config),
      secrets: createSecretBox(config),
      logger: createLogger({ level: 'warn', destination: process.stderr }),
    });
    const controller = new AbortController();
    // Ctrl-C stops starting new leagues and leaves every league written so far in place
    // (with a queue: stops waiting; the workers finish the syncs).
    const onSignal = (): void => {
      io.err(
        jobs.kind === 'queue'
          ? 'stopped waiting: the queued syncs go on in the workers'
          : 'cancelling: leagues already written stay written',
      );
      controller.abort();
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    try {
      const request = {
        sports,
        seasons,
        trigger: 'cli',
        signal: controller.signal,
        onProgress: (event: Parameters<typeof describeProgress>[0]) =>
          io.err(describeProgress(event)),
      };
      if (!wait && jobs.enqueue !== undefined) {
        const queued = await jobs.enqueue(accounts, request);
        io.out(
          formatTable(
            ['ACCOUNT', 'JOB'],
            queued.map((q) => [String(q.accountId), q.jobId]),
          ),
        );
        return EXIT_OK;
      }
      const summary = await jobs.run(accounts, request);
      io.out(formatSummary(summary));
      return syncFailed(summary) ? EXIT_FAILURE : EXIT_OK;
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      await jobs.close();
    }
  });
}

async function status(userName: string | undefined, io: CliIo): Promise<number> {
  return withStore(io, async (store) => {
    const userId = userName === undefined ? undefined : (await requireUser(store, userName)).id;
    const filter = userId === undefined ? {} : { userId };
    const leagues = await listLeagueSyncStatus(store.db, filter);
    const refreshes = await findLeagueRefreshes(
      store.db,
      leagues.flatMap((s) => (s.leagueId === null ? [] : [s.leagueId])),
    );
    const rows = leagues.map((s) => {
      const refresh = s.leagueId === null ? undefined : refreshes.get(s.leagueId);
      return [
        s.userName ?? '-',
        s.platform,
        s.name ?? s.platformLeagueKey,
        s.leagueId === null ? '-' : String(s.leagueId),
        String(s.season),
        s.sport,
        s.lastSyncedAt ?? 'never',
        s.lastOutcome,
        s.lastAttemptAt,
        refresh?.lastRefreshAt ?? 'never',
        refresh?.nextRefreshAt ?? '-',
        s.lastError ?? '',
      ];
    });
    const header = ['USER', 'PLATFORM', 'LEAGUE', 'ID', 'SEASON', 'SPORT'];
    const times = ['LAST SYNCED', 'LAST OUTCOME', 'LAST ATTEMPT', 'LAST REFRESHED', 'NEXT REFRESH'];
    const sections = [formatTable([...header, ...times, 'LAST ERROR'], rows)];
    const relink = await accountsToLinkAgain(store, userId);
    if (relink.length > 0) {
      sections.push(
        `Accounts to link again:\n${formatTable(['USER', 'PLATFORM', 'PROBLEM'], relink)}`,
      );
    }
    const unfinished = await unfinishedRuns(store, filter);
    if (unfinished.length > 0) {
      sections.push(
        `Runs that did not finish:\n${formatTable(['USER', 'PLATFORM', 'RUN'], unfinished)}`,
      );
    }
    io.out(sections.join('\n\n'));
    return EXIT_OK;
  });
}

/** Accounts the platform refused: they are not synced until linked again. */
async function accountsToLinkAgain(store: Store, userId: number | undefined): Promise<string[][]> {
  const accounts = await listAccounts(store.db, {
    refused: true,
    ...(userId !== undefined && { userId }),
  });
  const users = await listUsersById(
    store.db,
    accounts.map((a) => a.userId),
  );
  const names = new Map(users.map((u) => [u.id, u.name]));
  return accounts.flatMap((a) => {
    if (a.linkProblem === undefined) return [];
    const user = names.get(a.userId) ?? String(a.userId);
    const problem = `needs linking again: ${a.linkProblem}${RELINK_HINT(a.platform, user)}`;
    return [[user, a.platform, problem]];
  });
}

/**
 * Each account's latest run when it did not finish: still running, or dead (marked interrupted,
 * or found dead now though the next sync or start has not marked it yet).
 */
async function unfinishedRuns(store: Store, filter: { userId?: number }): Promise<string[][]> {
  return (await listLatestUnfinishedRuns(store.db, filter)).map((run) => {
    const state =
      run.outcome === 'interrupted'
        ? (run.error ?? 'interrupted')
        : (deathOf(run) ?? `running (last heartbeat ${run.lastSeenAt})`);
    return [
      run.userName ?? '-',
      run.platform ?? '-',
      `run ${run.id} (${run.trigger}) started ${run.startedAt}: ${state}`,
    ];
  });
}

/** `sync --user NAME` needs a linked account: say how to link one. */
async function requireLinkedUser(
  store: Store,
  name: string,
  platform: Platform | undefined,
): Promise<User> {
  const user = await requireUser(store, name);
  const accounts = await listAccounts(store.db, {
    userId: user.id,
    ...(platform === undefined ? {} : { platform }),
  });
  if (accounts.length > 0) return user;
  throw new NotFoundError(
    `${user.name} has no linked ${platform === undefined ? 'platform accounts' : `${platform} account`}; ` +
      `link one first, e.g. ${linkExample(platform, user.name)} (what each platform takes: ` +
      'fantasy-data link --help)',
  );
}

/** A typical link of the platform, or of the first one that gives an example, for hints. */
function linkExample(platform: Platform | undefined, user: string): string {
  const module =
    platform === undefined
      ? MODULES.find((m) => m.link.cliExample !== undefined)
      : platformModule(platform);
  if (module === undefined) return `fantasy-data link PLATFORM --user ${user} ...`;
  const flags = module.link.cliExample ?? '...';
  return `fantasy-data link ${module.id} --user ${user}${flags === '' ? '' : ` ${flags}`}`;
}
