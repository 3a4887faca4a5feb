// Domain errors: raised by pure rules and the store, rendered by the HTTP layer and the CLI.

export type DomainErrorCode =
  'not_found' | 'invalid_input' | 'conflict' | 'unauthenticated' | 'forbidden';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string) {
    super('not_found', message);
  }
}

export class InvalidInputError extends DomainError {
  constructor(message: string) {
    super('invalid_input', message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super('conflict', message);
  }
}
