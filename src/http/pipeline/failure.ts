// The failure step of every surface: a problem as the surface answers it, a store outage as the
// 503 it is (an outage, not a fault), anything else logged with the request id and answered as a
// 500 that hides it. A failure after the head was sent can only cut the connection.
import type { Logger } from 'pino';
import { describeStoreError, isStoreUnavailable } from '../../storage/unavailable.ts';
import { HttpProblem, storeUnavailableProblem } from '../../serving/problems.ts';
import type { Exchange } from '../wire/exchange.ts';
import type { Mount } from './mount.ts';

export function answerFailure(logger: Logger, mount: Mount, ex: Exchange, error: unknown): void {
  const problem = asProblem(logger, ex, error);
  if (ex.res.headersSent) return void ex.res.destroy();
  mount.answer(ex, problem);
}

function asProblem(logger: Logger, ex: Exchange, error: unknown): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (isStoreUnavailable(error)) {
    const { reason, code } = describeStoreError(error);
    logger.warn(
      { request_id: ex.requestId, route: ex.operationId, reason, ...(code && { code }) },
      'request failed: the store does not answer',
    );
    return storeUnavailableProblem();
  }
  logger.error({ err: error, request_id: ex.requestId, route: ex.operationId }, 'request failed');
  return new HttpProblem(
    'internal_error',
    `something went wrong on our side; quote request id ${ex.requestId} when reporting it`,
  );
}
