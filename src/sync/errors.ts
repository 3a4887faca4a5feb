// How a sync failure is worded where it is stored (league_syncs.error) and shown (CLI).
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
