import { environment, type PortalEnvironment } from '../env';

/** Paths that must never carry the visitor's token (SPEC §6). */
const OPEN_PATHS = ['api/open/', 'api/personalCertificates/'];

/** The base URL for a product API path, by its prefix (SPEC §7). */
export function apiUrl(path: string, env: PortalEnvironment = environment()): URL {
  if (/^https?:\/\//i.test(path)) return new URL(path);
  const relative = path.startsWith('/') ? path : `/${path}`;
  const base = relative.startsWith('/api-kernel-portal/')
    ? env.api.kernel
    : relative.startsWith(`/api-${env.brand}-portal/`)
      ? env.api.brand
      : env.api.portal;
  return new URL(relative, base);
}

/**
 * The token goes only to the configured API origins, and never on open paths:
 * a request to any other origin must not leak the visitor's credentials.
 */
export function sendsToken(url: URL, env: PortalEnvironment = environment()): boolean {
  const apiOrigins = new Set(Object.values(env.api).map((base) => new URL(base).origin));
  if (!apiOrigins.has(url.origin)) return false;
  return !OPEN_PATHS.some((open) => url.pathname.includes(open));
}
