import { MARKUP_MARKER } from './hostile-values';
import type { RawAnswer, RawRequest } from './raw-http';

/** A stack frame (`at handler (/srv/app.js:12:5)`, `at file:///…`) or a module path. */
const INTERNALS = [
  /\bat [\w$.<>[\] ]+ \([^)\n]*:\d+(?::\d+)?\)/,
  /\bat (?:file|node):/,
  /file:\/\/\//,
  /node_modules/,
  /\/work\//,
  /\b(?:TypeError|RangeError|ReferenceError|SyntaxError): /,
];

export interface AnswerRules {
  /** Where the request went: a relative `Location` is read against it. */
  origin: string;
  /** Host names a `Location` may lead to. */
  hosts: readonly string[];
  /** Folders of this machine no answer may name (the checkout, the data folder). */
  machinePaths: readonly string[];
}

/**
 * What is wrong with one answer: a server error (only a deliberate 503 that says
 * when to come back is allowed: the render queue and the loading page turn a
 * flood away with it), internals (a stack frame, a path of this machine), markup
 * reflected unescaped into a page, a redirect off the site, or a failure told in
 * a library's words instead of the app's own page or envelope.
 */
export function problemsOf(answer: RawAnswer, rules: AnswerRules): string[] {
  const problems: string[] = [];
  const type = answer.headers['content-type'] ?? '';
  if (answer.status < 100) problems.push('no status line');
  if (answer.status >= 500 && !(answer.status === 503 && answer.headers['retry-after']))
    problems.push(`status ${answer.status}`);
  const text = `${Object.values(answer.headers).join('\n')}\n${answer.body}`;
  for (const pattern of INTERNALS) if (pattern.test(text)) problems.push(`internals: ${excerpt(text, pattern)}`);
  for (const path of rules.machinePaths) if (text.includes(path)) problems.push(`a path of this machine: ${path}`);
  if (type.startsWith('text/html') && answer.body.includes(MARKUP_MARKER))
    problems.push(`markup reflected: ${excerpt(answer.body, MARKUP_MARKER)}`);
  const location = answer.headers.location;
  if (location !== undefined) {
    const target = URL.canParse(location, rules.origin) ? new URL(location, rules.origin) : undefined;
    if (!target || !/^https?:$/.test(target.protocol) || !rules.hosts.includes(target.hostname))
      problems.push(`redirect off the site: ${JSON.stringify(location)}`);
  }
  // The parser's own refusals (400, 431) have no body; the demo sites answer a line of text.
  const own = type.startsWith('text/html')
    ? /^<!doctype html>/i.test(answer.body)
    : type.startsWith('application/json') || /^\d{3} /.test(answer.body);
  if (answer.status >= 400 && answer.body && !own)
    problems.push(`not the app's own error answer: ${type} ${excerpt(answer.body, /^/)}`);
  return problems;
}

function excerpt(text: string, pattern: RegExp | string): string {
  const at = typeof pattern === 'string' ? text.indexOf(pattern) : text.search(pattern);
  return JSON.stringify(text.slice(Math.max(0, at - 60), at + 100));
}

const clip = (text: string, max = 200) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;

/** The request as a reproduction: method, target, headers and body, long values clipped. */
export function describeRequest(request: RawRequest): string {
  const body = request.body === undefined ? '' : `\n  body: ${JSON.stringify(clip(request.body.toString('latin1')))}`;
  const shown = request.headers.slice(0, 12).map(([name, value]) => `\n  ${name}: ${JSON.stringify(clip(value))}`);
  const more = request.headers.length - shown.length;
  const headers = shown.join('') + (more > 0 ? `\n  … and ${more} more headers` : '');
  return `${request.method} ${JSON.stringify(clip(request.target, 400))}${headers}${body}`;
}

export const describeAnswer = (answer: RawAnswer) =>
  `${answer.status} ${answer.headers['content-type'] ?? ''} ${JSON.stringify(clip(answer.body, 300))}`;
