// The connect page's routes: method and path pattern to a named handler. A session route's
// session comes from the token in its address; the OAuth callback's from its signed state.
import type { ConnectSession } from '../../storage/repositories/connect-sessions.ts';
import type { Exchange } from '../wire/exchange.ts';
import { Router } from '../wire/router.ts';
import type { RouteMatch } from '../wire/router.ts';
import type { ConnectContext } from './context.ts';
import { finish } from './finish.ts';
import { checkedForm } from './form.ts';
import { isOauthPlatform } from './forms.ts';
import { linkFromForm } from './linking.ts';
import { serveLogo } from './logo.ts';
import { oauthCallback, oauthPlatformOf, startOauth } from './oauth.ts';
import { offeredPlatform, showPage, showPlatformPage } from './session-page.ts';

/** The page's operations: the route labels of its requests in the metrics and the log. */
export const CONNECT_OPERATIONS = [
  'connectPage',
  'connectPlatformPage',
  'connectLogo',
  'connectLink',
  'connectFinish',
  'connectCancel',
  'connectOauthCallback',
] as const;
type ConnectOperation = (typeof CONNECT_OPERATIONS)[number];

/** A request to a session's address, its session found and live. */
export interface Visit {
  token: string;
  session: ConnectSession;
  /** The pattern's parameters after the token, still percent-encoded. */
  params: readonly string[];
}

interface RouteBase {
  operationId: ConnectOperation;
  pattern: string;
  /** 'read' takes GET and HEAD; a form is a POST. */
  method: 'read' | 'form';
}
export type ConnectRoute =
  | (RouteBase & {
      kind: 'session';
      serve(ctx: ConnectContext, ex: Exchange, visit: Visit): Promise<void>;
    })
  | (RouteBase & {
      kind: 'callback';
      serve(
        ctx: ConnectContext,
        ex: Exchange,
        rawQuery: string | undefined,
        platformSegment: string,
      ): Promise<void>;
    });

export const CONNECT_ROUTES: readonly ConnectRoute[] = [
  {
    operationId: 'connectOauthCallback',
    pattern: '/connect/oauth/{platform}/callback',
    method: 'read',
    kind: 'callback',
    serve: oauthCallback,
  },
  {
    operationId: 'connectPage',
    pattern: '/connect/{token}',
    method: 'read',
    kind: 'session',
    serve: (ctx, ex, { token, session }) => showPage(ctx, ex, token, session),
  },
  {
    operationId: 'connectPlatformPage',
    pattern: '/connect/{token}/platform/{platform}',
    method: 'read',
    kind: 'session',
    serve: async (ctx, ex, { token, session, params }) =>
      showPlatformPage(
        ctx,
        ex,
        token,
        session,
        await offeredPlatform(ctx, session, params[0] ?? ''),
      ),
  },
  {
    operationId: 'connectLogo',
    pattern: '/connect/{token}/logo',
    method: 'read',
    kind: 'session',
    serve: serveLogo,
  },
  {
    operationId: 'connectFinish',
    pattern: '/connect/{token}/finish',
    method: 'form',
    kind: 'session',
    serve: (ctx, ex, { token, session }) => finish(ctx, ex, token, session),
  },
  {
    operationId: 'connectCancel',
    pattern: '/connect/{token}/cancel',
    method: 'form',
    kind: 'session',
    serve: (ctx, ex, { token, session }) => finish(ctx, ex, token, session, 'cancel'),
  },
  {
    operationId: 'connectLink',
    pattern: '/connect/{token}/link/{platform}',
    method: 'form',
    kind: 'session',
    serve: link,
  },
];

/** Links a platform the session offers: its sign-in for OAuth, else from the form's fields. */
async function link(ctx: ConnectContext, ex: Exchange, visit: Visit): Promise<void> {
  const { token, session } = visit;
  const platform = await offeredPlatform(ctx, session, visit.params[0] ?? '');
  const form = await checkedForm(ctx, ex, session);
  if (isOauthPlatform(platform)) return startOauth(ctx, ex, token, session, platform);
  return linkFromForm(ctx, ex, token, session, platform, form);
}

export type RouteFound = RouteMatch<ConnectRoute>;

/** Matches a path to its route: a callback only for an OAuth platform, else a session's. */
export function connectRouter(): (path: string) => RouteFound | undefined {
  const callbacks = new Router<ConnectRoute>();
  const sessions = new Router<ConnectRoute>();
  for (const route of CONNECT_ROUTES) {
    (route.kind === 'callback' ? callbacks : sessions).add(route.pattern, route);
  }
  return (path) => {
    const callback = callbacks.match(path);
    if (callback !== undefined && oauthPlatformOf(callback.params[0] ?? '') !== undefined) {
      return callback;
    }
    return sessions.match(path);
  };
}
