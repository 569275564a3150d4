/**
 * Phones and tablets by user agent (SPEC §2): they get no sign-in widget, and a
 * page there asks the account service's hub only once this origin holds a
 * sign-in or something needs the user (see `checkSignInOnLoad`). Shared by the
 * server, which keeps a page per device kind, and the elements.
 */
export const isMobileUserAgent = (userAgent: string) => /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(userAgent);
