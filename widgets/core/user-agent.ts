/**
 * Phones and tablets by user agent (SPEC §2): they get no sign-in widget, and a
 * page there does not ask the account service's hub as it loads. Shared by the
 * server, which keeps a page per device kind, and the elements.
 */
export const isMobileUserAgent = (userAgent: string) => /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(userAgent);
