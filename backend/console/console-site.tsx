import type { Request, Response } from 'express';
import { HttpError } from '../../contract/http-error';
import type { EmbeddedBackend } from '..';
import { PORTAL_APP_ID } from '../accounts/apps';
import type { UserRow } from '../accounts/store';
import { type ConsolePageOptions, renderConsolePage } from './pages';

export const SESSION_COOKIE = 'console_session';
export const STATE_COOKIE = 'console_state';
/** Set by a sign-in made here: the next page shares it with the portal through the hub. */
export const SHARE_COOKIE = 'console_share';
export const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, path: '/' };

/**
 * A request the console refuses: drawn as its own page with this title and the
 * message as the error (backend/console/app.tsx's error handler).
 */
export class ConsoleRefusal extends HttpError {
  constructor(
    status: number,
    readonly title: string,
    message: string,
  ) {
    super(status, message);
  }
}

/** What every console page needs: its origins, the account service's, and drawing a page. */
export function consoleSite(backend: EmbeddedBackend, portalPort: () => number) {
  /** This console's origin as the visitor reached it, if it is a registered one. */
  const originOf = (req: Request) => {
    const origin = `${req.protocol}://${req.get('host')}`;
    return backend.apps.allows(PORTAL_APP_ID, origin) ? origin : undefined;
  };
  /**
   * The account service: the portal's port on this console's registered origin. Not
   * `req.hostname`, which behind a trusted proxy is whatever X-Forwarded-Host says.
   */
  const accountServer = (origin: string) => {
    const url = new URL(origin);
    url.port = String(portalPort());
    return url.origin;
  };
  const hubOf = (req: Request) => {
    const origin = originOf(req);
    return origin && `${accountServer(origin)}/api/guc/view/token/hub?appId=${PORTAL_APP_ID}`;
  };
  /**
   * The first page after a sign-in made here hands the portal a session of the
   * same sign-in (its family) through the hub, so the portal opens signed in and
   * one sign-out ends both.
   */
  const sharing = async (req: Request, res: Response): Promise<ConsolePageOptions['hub']> => {
    const user = res.locals.user as UserRow | undefined;
    const url = hubOf(req);
    if (!user || !url || req.cookies?.[SHARE_COOKIE] !== '1') return undefined;
    res.clearCookie(SHARE_COOKIE, cookieOptions);
    const signIn = await backend.accounts.sessionFamily(req.cookies?.[SESSION_COOKIE] ?? '', PORTAL_APP_ID);
    if (!signIn) return undefined;
    const issued = await backend.accounts.createSession(user.id, PORTAL_APP_ID, signIn.family);
    const tokens = {
      accessToken: issued.accessToken,
      refreshToken: issued.refreshToken,
      expiresAt: Date.now() + issued.expiresIn * 1000,
    };
    return { url, command: { type: 'set', tokens } };
  };
  const page = async (
    res: Response,
    title: string,
    body: Parameters<typeof renderConsolePage>[2],
    status = 200,
    options: ConsolePageOptions = {},
  ): Promise<void> => {
    const hub = options.hub ?? (await sharing(res.req, res));
    res
      .status(status)
      .type('html')
      .setHeader('Cache-Control', 'no-store')
      .send(
        renderConsolePage(res.locals.cspNonce, title, body, {
          signedIn: res.locals.user !== undefined,
          hub,
        }),
      );
  };

  /** Return addresses outside the portal's registered origins are never followed. */
  const allowedReturn = (address: string | undefined): string | undefined => {
    if (!address || !backend.apps.allows(PORTAL_APP_ID, address)) return undefined;
    const url = new URL(address);
    url.searchParams.set('webneedrefresh', 'true');
    return url.href;
  };
  return { backend, originOf, accountServer, hubOf, page, allowedReturn };
}

export type ConsoleSite = ReturnType<typeof consoleSite>;
