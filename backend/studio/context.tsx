import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import type { FeedbackStore } from '../feedback/feedback-store';
import type { SignInThrottle } from '../http/throttle';
import type { MediaLibrary } from '../media/library';
import type { OrderStore } from '../portal/order-store';
import type { StaffOrders } from '../portal/staff-orders';
import type { AuditLog } from '../staff/audit';
import { may, type Permission } from '../staff/roles';
import type { StaffAuth } from '../staff/staff-auth';
import type { StaffSession, StaffStore } from '../staff/staff-store';
import { renderStudioPage, type StudioPageProps } from './studio-page';

/** One kind of content in the studio: where its pages are, its name, and the pages themselves. */
export interface StudioDesk {
  base: string;
  label: string;
  routes(studio: Studio): Router;
}

/** What every part of the studio is given. */
export interface Studio {
  store: StaffStore;
  audit: AuditLog;
  auth: StaffAuth;
  signIns: SignInThrottle;
  /** A desk per kind of content (news, products, ...), each with its list, drafts, publishing and revisions. */
  desks: ReadonlyArray<StudioDesk>;
  /** The owner's desk: every company's orders, the moves of their status, and the visitors' feedback. */
  desk: { orders: StaffOrders; moves: OrderStore; feedback: FeedbackStore };
  /** The media library: uploaded images and their variants. */
  media: MediaLibrary;
  /** Counts for the first page; each part of the site adds its own. */
  glance: () => Promise<ReadonlyArray<{ label: string; count: number; href: string; permission: Permission }>>;
}

/** The item an address names by its number (`/:id`), or undefined for anything but a plain positive number. */
export function idParam(req: Request): number | undefined {
  const id = String(req.params.id ?? '');
  return /^[1-9]\d{0,9}$/.test(id) ? Number(id) : undefined;
}

/** The signed-in session of a request the guard let through. */
export const sessionOf = (res: Response) => res.locals.staffSession as StaffSession;

/** Sends a studio page: no caching, the member's bar and a sign-out token when signed in. */
export function sendStudioPage(
  studio: Studio,
  req: Request,
  res: Response,
  props: Omit<StudioPageProps, 'nonce' | 'staff' | 'csrf'>,
  status = 200,
) {
  const session = res.locals.staffSession as StaffSession | undefined;
  res
    .status(status)
    .type('html')
    .setHeader('Cache-Control', 'no-store')
    .send(
      renderStudioPage({
        ...props,
        nonce: res.locals.cspNonce,
        staff: session?.staff,
        csrf: session && formToken(studio, req, res),
      }),
    );
}

/**
 * A page that only says something (a refusal, a thing not found) and where to
 * go instead: its heading is its title unless told otherwise.
 */
export function sendStudioMessage(
  studio: Studio,
  req: Request,
  res: Response,
  message: {
    title: string;
    heading?: string;
    text?: string;
    link: { href: string; label: string };
    current?: string;
    narrow?: boolean;
  },
  status: number,
) {
  sendStudioPage(
    studio,
    req,
    res,
    {
      title: message.title,
      current: message.current,
      narrow: message.narrow,
      children: (
        <div className="card">
          <h1>{message.heading ?? message.title}</h1>
          {message.text && <p>{message.text}</p>}
          <p>
            <a href={message.link.href}>{message.link.label}</a>
          </p>
        </div>
      ),
    },
    status,
  );
}

/** The CSRF token of a page about to be shown: one per page, for all its forms (each new one would replace the cookie). */
export function formToken(studio: Studio, req: Request, res: Response): string {
  res.locals.staffFormToken ??= studio.auth.forms.token(req, res, {});
  return res.locals.staffFormToken as string;
}

/** Only a path of the studio or the agent inbox is a place to come back to after signing in. */
export function studioReturn(value: unknown): string {
  if (typeof value !== 'string' || value.length > 300) return '/studio';
  return /^\/(?:studio|chat\/agent)(?:\/[\w-]+)*\/?(?:\?[\w=&%.-]*)?$/.test(value) ? value : '/studio';
}

/**
 * Lets a request through when a staff member is signed in (with the permission,
 * when one is asked); sends others to sign in, and says no to a member without it.
 */
export function signedIn(studio: Studio, permission?: Permission): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const session = await studio.auth.session(req);
    if (!session) return res.redirect(303, `/studio/login?${new URLSearchParams({ back: req.originalUrl })}`);
    res.locals.staffSession = session;
    if (permission && !may(session.staff.roles, permission))
      return sendStudioMessage(
        studio,
        req,
        res,
        {
          title: '没有权限',
          text: '你的账号没有打开此页所需的角色。如需使用，请联系管理员。',
          link: { href: '/studio', label: '回到概览' },
        },
        403,
      );
    next();
  };
}
