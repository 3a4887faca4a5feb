// `fantasy-data connect-key`: the key applications verify the connect page's return URL with
// (domain/connect-outcome.ts), derived from the deployment's secret key, so every instance of
// the deployment signs with the same one. Printed alone on standard output for scripts.
import { loadConfig } from '../../config.ts';
import { connectSigningKey } from '../../domain/connect-outcome.ts';
import { loadSecretKey } from '../../secrets.ts';
import { EXIT_OK, HELP_OPTION, UsageError, parse } from '../io.ts';
import type { CliIo } from '../io.ts';

export const CONNECT_KEY_USAGE = `Usage:
  fantasy-data connect-key
      print the key (64 hex digits) that applications verify the connect page's return URL
      with: fd_sig is HMAC-SHA256 of the outcome under it (docs/api.md, "The hosted connect
      page"). It is derived from FANTASY_SECRET_KEY (or the data folder's key file): give it to
      your applications only, as it can sign outcomes.`;

export async function connectKeyCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(
    { args, options: HELP_OPTION, allowPositionals: true, strict: true },
    CONNECT_KEY_USAGE,
  );
  if (values.help) {
    io.out(CONNECT_KEY_USAGE);
    return EXIT_OK;
  }
  if (positionals.length > 0) {
    throw new UsageError(`unexpected argument "${positionals[0]}"`, CONNECT_KEY_USAGE);
  }
  io.out(connectSigningKey(loadSecretKey(loadConfig(io.env))));
  return EXIT_OK;
}
