import cookieParser from 'cookie-parser';
import type { Request, Response } from 'express';
import { type FormGuard, formGuard } from '../http/form-guard';
import { ownOrigin } from '../http/own-origin';
import type { StaffSession, StaffStore } from './staff-store';
import { STAFF_SESSION_MS } from './staff-store';

/** The staff's sign-in cookie: sent on every path, since a draft is previewed at the page's own address. */
export const STAFF_COOKIE = 'portal_staff';

const cookieOptions = { httpOnly: true, sameSite: 'strict' as const, path: '/' };

export interface StaffAuth {
  /** Reads the cookies (once per request; a router mounts it before anything reads them). */
  readonly cookies: ReturnType<typeof cookieParser>;
  /** The request's staff session, if its cookie names one that lasts (looked up once per request). */
  session(req: Request): Promise<StaffSession | undefined>;
  /** Starts a session for the member and gives the browser its cookie. */
  signIn(req: Request, res: Response, staffId: number): Promise<void>;
  /** Ends the request's session, wherever it was started; which one it was. */
  signOut(req: Request, res: Response): Promise<StaffSession | undefined>;
  /** CSRF tokens for the staff's forms, bound to their sign-in (a signed-out form: to none). */
  forms: FormGuard;
}

/**
 * Staff sign-in, shared by the studio and the agent inbox: one cookie naming a
 * session kept in the database (a restart or another instance keeps it; ending
 * it ends it everywhere), and the forms' CSRF tokens bound to it.
 */
export function staffAuth(options: {
  store: StaffStore;
  formKey: Buffer;
  refuseForm: (req: Request, res: Response) => void;
}): StaffAuth {
  const { store } = options;
  const looked = new WeakMap<Request, Promise<StaffSession | undefined>>();
  const session = (req: Request) => {
    const found = looked.get(req) ?? store.session(req.cookies?.[STAFF_COOKIE]);
    looked.set(req, found);
    return found;
  };
  return {
    cookies: cookieParser(),
    session,
    async signIn(req, res, staffId) {
      const token = await store.startSession(staffId);
      res.cookie(STAFF_COOKIE, token, { ...cookieOptions, secure: req.secure, maxAge: STAFF_SESSION_MS });
    },
    async signOut(req, res) {
      const ended = await session(req);
      if (ended) await store.endSession(ended.id);
      res.clearCookie(STAFF_COOKIE, { ...cookieOptions, secure: req.secure });
      return ended;
    },
    forms: formGuard({
      cookieName: 'portal_staff_form',
      secret: options.formKey,
      path: '/studio',
      bindTo: (_fields, req) => String(req.cookies?.[STAFF_COOKIE] ?? ''),
      refuse: options.refuseForm,
      origin: ownOrigin,
      reuse: true,
    }),
  };
}
