// The application's logo, served from the page's own origin (the CSP allows `img-src 'self'`
// only on pages that show one). Kept by the browser an hour, so the page's reloads while a first
// sync runs do not fetch it again and spend the session's rate limit.
import { parseLogo } from '../../domain/app-logo.ts';
import type { Exchange } from '../wire/exchange.ts';
import { PageAnswer, logoOf } from './context.ts';
import type { ConnectContext } from './context.ts';
import { refusedPage } from './html.ts';
import type { Visit } from './routes.ts';

export function serveLogo(ctx: ConnectContext, ex: Exchange, { session }: Visit): Promise<void> {
  const raw = logoOf(ctx, session);
  if (raw === undefined) {
    throw new PageAnswer(404, refusedPage('Page not found', 'This link has no logo.'));
  }
  // Checked when it was configured or stored; parsed again to serve its bytes.
  const logo = parseLogo(raw);
  ctx.responder.send(ex, 200, logo.type, logo.bytes, {
    'Cache-Control': 'private, max-age=3600',
    'Content-Security-Policy': "default-src 'none'",
  });
  return Promise.resolve();
}
