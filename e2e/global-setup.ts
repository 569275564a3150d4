import { startPortalProcess } from './portal-process';

/** Starts the real portal server once for the whole run; tests find it in PORTAL_URL. */
export default async function globalSetup() {
  const portal = await startPortalProcess();
  process.env.PORTAL_URL = portal.url;
  process.env.CONSOLE_URL = portal.consoleUrl;
  process.env.DEMO_CONSOLE_URL = portal.demoUrls.console;
  process.env.DEMO_PARTNER_URL = portal.demoUrls.partner;
  process.env.DEMO_GALLERY_URL = portal.demoUrls.gallery;
  return () => portal.stop();
}
