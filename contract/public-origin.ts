/**
 * The Express setting under which an app holds the site's public origin
 * (PORTAL_PUBLIC_ORIGIN, read by the host's configuration): the routes the
 * embedded back-end mounts in it read it from `req.app`, as they read
 * `trust proxy`, so only the configuration reads the environment.
 */
export const PUBLIC_ORIGIN_SETTING = 'portal public origin';
