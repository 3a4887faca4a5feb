// `fantasy-data connect-key`: the keys applications verify the connect page's return URL with
// (domain/connect-outcome.ts): CONNECT_OUTCOME_KEYS, else the one derived from the deployment's
// secret key, so every instance of the deployment signs with the same one. Printed alone on
// standard output for scripts, one a line, the signing key first.
import { loadConfig } from '../../config.ts';
import { outcomeKeys } from '../../domain/connect-outcome.ts';
import { loadSecretKey } from '../../secrets.ts';
import { EXIT_OK, HELP_OPTION, UsageError, parse } from '../io.ts';
import type { CliIo } from '../io.ts';

export const CONNECT_KEY_USAGE = `Usage:
  fantasy-data connect-key
      print the keys (64 hex digits, one a line) that applications verify the connect page's
      return URL with: fd_sig is HMAC-SHA256 of the outcome under the first (docs/api.md, "The
      hosted connect page"). They are CONNECT_OUTCOME_KEYS (several while a new key replaces an
      old one), else one derived from FANTASY_SECRET_KEY (or the data folder's key file): give
      them to your applications only, as they can sign outcomes.`;

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
  const config = loadConfig(io.env);
  for (const key of outcomeKeys(config.connectOutcomeKeys, () => loadSecretKey(config))) {
    io.out(key);
  }
  return EXIT_OK;
}
