import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import helmet, { strictTransportSecurity } from 'helmet';
import { type Logger, requestLogger } from './logger';

/** HSTS for a site whose public address is https: one year. */
const HSTS = { maxAge: 31_536_000 };

/**
 * The HSTS header alone, for answers sent before the security headers (the
 * script-tag entries, the health probes): the same value helmet sends with the rest.
 */
export const hstsHeader = strictTransportSecurity(HSTS);

/** Random bytes for nonces, drawn from the generator a block at a time (one call per 256 nonces, not one each). */
let nonceBytes = Buffer.alloc(0);
let nonceAt = 0;

/** 16 random bytes no nonce had before, in base64. */
function freshNonce(): string {
  if (nonceAt + 16 > nonceBytes.length) {
    nonceBytes = randomBytes(4096);
    nonceAt = 0;
  }
  nonceAt += 16;
  return nonceBytes.toString('base64', nonceAt - 16, nonceAt);
}

/** A fresh nonce per response: the only inline script or style a page may carry. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = freshNonce();
  next();
};

const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as { locals: { cspNonce: string } }).locals.cspNonce}'`;

/**
 * Security headers with a strict Content-Security-Policy. Inline scripts and
 * styles need this response's nonce, or (pages) one of the given hashes:
 * the site's pages carry no nonce, so their bytes are the same for every
 * visitor and can be rendered and compressed once. `servers`: the back-end
 * origins the page's widgets talk to, outside `local`.
 */
export const securityHeaders = (
  styleHashes: readonly string[] = [],
  {
    https = false,
    servers = [],
    scriptHashes = [],
  }: { https?: boolean; servers?: readonly string[]; scriptHashes?: readonly string[] } = {},
) =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonce, ...scriptHashes.map((hash) => `'${hash}'`)],
        styleSrc: ["'self'", nonce, ...styleHashes.map((hash) => `'${hash}'`)],
        // Outside `local` the widgets call the environment's servers and frame its account hub.
        imgSrc: ["'self'", 'data:', ...servers],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...servers],
        frameSrc: ["'self'", ...servers],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only when the site's public address is https: sent over plain http it would lock a local site out.
    strictTransportSecurity: https ? HSTS : false,
    // Not no-referrer: with it, browsers send `Origin: null` even on same-origin form
    // posts, and the Origin check of our forms could not tell friend from foe.
    referrerPolicy: { policy: 'same-origin' },
  });

/** What every app this process serves puts first: a log line per request, a CSP nonce, the security headers. */
export const serviceFront = (logger: Logger, { https = false } = {}): RequestHandler[] => [
  requestLogger(logger),
  cspNonce,
  securityHeaders([], { https }),
];
