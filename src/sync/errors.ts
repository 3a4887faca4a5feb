// How a sync failure is worded where it is stored (league_syncs.error) and shown (CLI).
import type { Platform } from '../domain/catalog.ts';
import { DomainError } from '../domain/errors.ts';
import { PlatformError } from '../platforms/connector.ts';
import { SecretError } from '../secrets.ts';

/** A failure of the sync itself (no connector, no key...), worded for the operator. */
export class SyncError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SyncError';
  }
}

/**
 * A link whose platform calls could not go out within the link's wait limit: the platform's
 * request budget (or its calls in flight) is taken by background syncs and other links. Nothing
 * was stored; the same link should go through after `retryAfterSeconds`.
 */
export class LinkBusyError extends SyncError {
  readonly retryAfterSeconds: number;

  constructor(platform: Platform, retryAfterMs: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    super(
      `${platform}: this service's call budget for ${platform} is in use by background syncs ` +
        `and other links; nothing was changed, try again in ${seconds} s`,
    );
    this.name = 'LinkBusyError';
    this.retryAfterSeconds = seconds;
  }
}

/** A snapshot that does not describe the league that was asked for. */
export class InvalidSnapshotError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidSnapshotError';
  }
}

const MAX_ERROR_LENGTH = 500;

export function describeError(error: unknown): string {
  let text: string;
  if (
    error instanceof PlatformError ||
    error instanceof InvalidSnapshotError ||
    error instanceof SyncError ||
    error instanceof SecretError
  ) {
    text = error.message;
  } else if (error instanceof DomainError) {
    text = `invalid data: ${error.message}`;
  } else if (error instanceof Error && error.name === 'AbortError') {
    text = 'sync cancelled';
  } else if (error instanceof Error) {
    text = `unexpected error: ${error.message}`;
  } else {
    text = `unexpected error: ${String(error)}`;
  }
  // Stored per league per run: bounded so one odd payload cannot bloat the table.
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}
