import { request } from '../../test-support/http';

export interface StaffPage {
  status: number;
  location?: string;
  body: string;
}

/**
 * A browser as the studio sees one: its own cookies (sent back, replaced,
 * cleared), forms posted with the token of the page they were shown on and
 * the portal's Origin, as a browser posting them would.
 */
export class StaffBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly portal: { port: number; origin: string },
    private readonly from?: string,
  ) {}

  async get(path: string): Promise<StaffPage> {
    return this.send('GET', path);
  }

  /** Opens `page`, then posts its form whose action is `action` with these fields (and the page's token). */
  async submit(page: string, action: string, fields: Record<string, string | string[]>): Promise<StaffPage> {
    const shown = await this.get(page);
    const form = shown.body.split('<form').find((part) => part.includes(`action="${action}"`)) ?? '';
    const csrf = /name="csrf" value="([^"]+)"/.exec(form)?.[1];
    if (!csrf) throw new Error(`${page} (${shown.status}) shows no form to ${action}`);
    return this.post(action, { csrf, ...fields });
  }

  /** Posts fields as a form, from the portal's own origin unless told otherwise. */
  async post(path: string, fields: Record<string, string | string[]>, origin = this.portal.origin): Promise<StaffPage> {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields))
      for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
    return this.send('POST', path, body.toString(), {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: origin,
    });
  }

  /**
   * Posts a `multipart/form-data` form as a browser sends a file input: these
   * fields, then each file under its field name with its file name and bytes.
   */
  async upload(
    path: string,
    fields: Record<string, string>,
    files: Record<string, { fileName: string; data: Buffer; type?: string }>,
    origin = this.portal.origin,
  ): Promise<StaffPage> {
    const boundary = '----StaffBrowserBoundary7MA4YWxkTrZu0gW';
    const parts: Buffer[] = [];
    for (const [name, value] of Object.entries(fields))
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    for (const [name, file] of Object.entries(files))
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.fileName}"\r\n` +
            `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        file.data,
        Buffer.from('\r\n'),
      );
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return this.send('POST', path, Buffer.concat(parts), {
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      Origin: origin,
    });
  }

  /** The CSRF token of the form to `action` on `page`. */
  async formToken(page: string, action: string): Promise<string> {
    const shown = await this.get(page);
    const form = shown.body.split('<form').find((part) => part.includes(`action="${action}"`)) ?? '';
    const csrf = /name="csrf" value="([^"]+)"/.exec(form)?.[1];
    if (!csrf) throw new Error(`${page} (${shown.status}) shows no form to ${action}`);
    return csrf;
  }

  /** Signs in at the studio's form. */
  async signIn(login: string, password: string): Promise<StaffPage> {
    return this.submit('/studio/login', '/studio/login', { login, password });
  }

  /**
   * A new staff member with `roles`, added by this (administrator's) browser,
   * signed in in a browser of their own.
   */
  async addMember(member: { login: string; name: string; roles: string }): Promise<StaffBrowser> {
    const password = 'Member-pass-2026';
    const added = await this.submit('/studio/staff', '/studio/staff', { ...member, password, confirm: password });
    if (added.status !== 303) throw new Error(`${member.login} was not added (${added.status})`);
    const browser = new StaffBrowser(this.portal, this.from);
    await browser.signIn(member.login, password);
    return browser;
  }

  private async send(method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}) {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await request(this.portal.port, path, {
      method,
      body,
      from: this.from,
      headers: { ...headers, ...(cookie && { Cookie: cookie }) },
    });
    for (const line of res.headers['set-cookie'] ?? []) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return { status: res.status, location: res.headers.location, body: res.body };
  }
}
