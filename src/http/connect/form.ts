// A form of the page as it arrives: URL-encoded, small, and sent from the page itself (its
// session's form token, a same-site request); a forged one is counted against the client.
import type { IncomingMessage } from 'node:http';
import type { ConnectSession } from '../../storage/repositories/connect-sessions.ts';
import type { Exchange } from '../wire/exchange.ts';
import { PageAnswer } from './context.ts';
import type { ConnectContext } from './context.ts';
import { countForgedForm, isSameSiteForm } from './guard.ts';
import { refusedPage } from './html.ts';

const MAX_FORM_BYTES = 16 * 1024;

/** The form of a POST to the page, or a PageAnswer when it was not sent from the page. */
export async function checkedForm(
  ctx: ConnectContext,
  ex: Exchange,
  session: ConnectSession,
): Promise<URLSearchParams> {
  const { services } = ctx;
  const form = await readForm(ex.req);
  if (!isSameSiteForm(ex.req, form, session.csrfToken, services.config.publicBaseUrl)) {
    await countForgedForm(services.authThrottle, ex.req);
    throw new PageAnswer(
      403,
      refusedPage(
        'This form was not sent from its page',
        'For your safety it was ignored. Open your link again and use the form there.',
      ),
    );
  }
  return form;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw new PageAnswer(415, refusedPage('This form cannot be read', 'Send it from the page.'));
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) {
      throw new PageAnswer(413, refusedPage('This form is too large', 'Send it from the page.'));
    }
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
