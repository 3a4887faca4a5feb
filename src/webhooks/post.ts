// One POST of a webhook, over node:http(s) so the socket connects only to an address the guard
// checked (its `lookup`; an IP literal is checked before any socket is made). Nothing of the
// receiver's answer is read beyond its status, and a redirect is not followed: the body and the
// signature go only where the admin said.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { outcomeOfStatus } from '../domain/webhooks.ts';
import type { WebhookOutcome } from '../domain/webhooks.ts';
import type { AddressGuard } from './address-guard.ts';

export interface PostResult {
  outcome: WebhookOutcome;
  status?: number;
  /** Why it failed, for keys that may change webhooks: a code, never the receiver's address. */
  error?: string;
  stopped?: boolean;
}

export function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: { guard: AddressGuard; timeoutMs: number; signal: AbortSignal },
): Promise<PostResult> {
  const url = new URL(target);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && !options.guard.permits(host)) {
    return Promise.resolve(blocked());
  }
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const finish = (result: PostResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onStop);
      resolve(result);
    };
    const req = request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: options.guard.lookup,
      // A fresh connection each time: a kept-alive socket would skip the lookup and its check.
      agent: false,
    });
    const timer = setTimeout(() => {
      finish({ outcome: 'timeout', error: `no answer within ${options.timeoutMs / 1000} s` });
      req.destroy();
    }, options.timeoutMs);
    const onStop = (): void => {
      finish({ outcome: 'network_error', error: 'the relay stopped', stopped: true });
      req.destroy();
    };
    options.signal.addEventListener('abort', onStop);
    req.on('response', (response) => {
      const status = response.statusCode ?? 0;
      response.resume();
      response.destroy();
      const outcome = outcomeOfStatus(status);
      finish({ outcome, status, ...(outcome !== 'delivered' && { error: `HTTP ${status}` }) });
    });
    req.on('error', (error: NodeJS.ErrnoException) => finish(failure(error)));
    req.end(body);
  });
}

function blocked(): PostResult {
  return {
    outcome: 'blocked_address',
    error: 'the address is not public; allow its range with WEBHOOK_ALLOW_PRIVATE',
  };
}

/** The class and code of a connection that failed, without the receiver's address. */
function failure(error: NodeJS.ErrnoException): PostResult {
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (code === 'EBLOCKEDADDRESS') return blocked();
  const message = code === undefined ? 'the request failed' : `the request failed: ${code}`;
  const outcome: WebhookOutcome =
    code === 'ECONNREFUSED'
      ? 'connection_refused'
      : code === 'ECONNRESET' || code === 'EPIPE'
        ? 'connection_reset'
        : code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA'
          ? 'dns_failure'
          : code === 'ETIMEDOUT'
            ? 'timeout'
            : code !== undefined && /CERT|SSL|TLS|SELF_SIGNED/.test(code)
              ? 'tls_error'
              : 'network_error';
  return { outcome, error: message };
}
