import type { RawAnswer } from './raw-http';
import { isAttackerHost, SCRIPT_SCHEME } from './redirect-payloads';

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };
const decodeEntities = (text: string) =>
  text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, name: string) =>
    name[0] === '#'
      ? String.fromCodePoint(Number.parseInt(name.slice(name[1] === 'x' ? 2 : 1), name[1] === 'x' ? 16 : 10))
      : (ENTITIES[name.toLowerCase()] ?? whole),
  );

/** The address as a browser on `page` reads it (backslashes, tabs and all), or undefined. */
const resolve = (address: string, page: string) => (URL.canParse(address, page) ? new URL(address, page) : undefined);

/** Where the answer sends the browser by itself: its Location, a meta refresh, a script's assignment. */
export function redirectsOf(answer: RawAnswer): string[] {
  const targets: string[] = [];
  if (answer.headers.location !== undefined) targets.push(answer.headers.location);
  if (!answer.headers['content-type']?.startsWith('text/html')) return targets;
  for (const [meta] of answer.body.matchAll(/<meta\b[^>]*http-equiv\s*=\s*["']?refresh[^>]*>/gi)) {
    const content = /content\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(meta);
    const url = /url\s*=\s*['"]?([^'"]*)/i.exec(decodeEntities(content?.[1] ?? content?.[2] ?? ''))?.[1];
    if (url !== undefined) targets.push(url.trim());
  }
  for (const script of scriptsOf(answer.body)) {
    const assignment = /(?:location(?:\.href)?\s*=|location\.(?:replace|assign)\(|window\.open\()\s*(["'`])(.*?)\1/g;
    for (const [, , url] of script.matchAll(assignment)) targets.push(url ?? '');
  }
  return targets;
}

/** Inline scripts that run (not data blocks such as `application/json`). */
function scriptsOf(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '']) => {
      const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
      return !type || type === 'module' || type.includes('javascript');
    })
    .map(([, , body = '']) => body);
}

/**
 * Everything in an answer that would take a browser off the allowed origins:
 * a redirect (Location, meta refresh, script) to any other origin, or a link,
 * form or frame that leads to an attacker's host or runs a script URL.
 */
export function offSite(answer: RawAnswer, page: string, allowed: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  for (const target of redirectsOf(answer)) {
    const url = resolve(target, page);
    if (!url || !allowed.has(url.origin))
      problems.push(`redirect to ${JSON.stringify(target)} (${url?.href ?? 'unreadable'})`);
  }
  if (!answer.headers['content-type']?.startsWith('text/html')) return problems;
  const attribute = /\s(href|src|action|formaction)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
  for (const [, tag = '', attributes = ''] of answer.body.matchAll(/<(\w+)\b([^>]*)>/g)) {
    // What a click, a form or a frame navigates to may not be `data:`; `<link rel="icon" href="data:,">` navigates nowhere.
    const navigates = /^(?:a|area|form|button|input|iframe|frame)$/i.test(tag);
    for (const [, name, ...values] of attributes.matchAll(attribute)) {
      const raw = decodeEntities(values.find((value) => value !== undefined) ?? '');
      const url = resolve(raw, page);
      if (!url) continue;
      const script = url.protocol === 'data:' ? navigates : SCRIPT_SCHEME.test(url.protocol);
      // The host the browser asked for (on any port: the console is the next one) is no other site, whatever its name.
      const elsewhere = isAttackerHost(url.hostname) && url.hostname !== new URL(page).hostname;
      if (script || elsewhere) problems.push(`<${tag} ${name}=${JSON.stringify(raw)}> (${url.href})`);
    }
  }
  for (const script of scriptsOf(answer.body))
    if (/javascript:|evil/i.test(script))
      problems.push(`a script names the payload: ${JSON.stringify(script.slice(0, 200))}`);
  return problems;
}
