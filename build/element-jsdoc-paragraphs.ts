/**
 * JSDoc gives a tag every line up to the next tag, so a paragraph written after
 * `@csspart badge - The unread count.` (past a blank line) became part of the badge's
 * description in the manifest, the typings and `/docs`. Here a tag's text ends at
 * its first blank line; what follows it up to the next tag is handed back as a
 * stray paragraph, which the build refuses (missingDocs) until it moves above the tags.
 */
export interface TagParagraphs {
  /** The block with each stray paragraph's lines left blank. */
  text: string;
  /** Each stray paragraph, on one line, after the tag it followed (`@csspart badge`). */
  strays: { after: string; text: string }[];
}

/** A line of the block without its ` * ` (and the block's opening and closing). */
const LINE_BODY = /^\s*(\/\*\*|\*\/|\*)?\s?/;
/** `@csspart badge`: a tag and its name, without a `{type}`. */
const TAG = /^(@\w+)(?:\s+\{[^}]*\})?(?:\s+([^\s-]+))?/;

export function splitTagParagraphs(block: string): TagParagraphs {
  const strays: TagParagraphs['strays'] = [];
  let tag: string | undefined;
  let afterBlank = false;
  let current: { after: string; text: string } | undefined;
  const lines = block.split('\n').map((line) => {
    const body = line
      .replace(LINE_BODY, '')
      .replace(/\*\/\s*$/, '')
      .trim();
    const named = TAG.exec(body);
    if (named) {
      tag = [named[1], named[2]].filter(Boolean).join(' ');
      afterBlank = false;
      current = undefined;
      return line;
    }
    if (!body) {
      afterBlank = tag !== undefined;
      current = undefined;
      return line;
    }
    if (!tag || !afterBlank) return line;
    if (current) current.text += ` ${body}`;
    else {
      current = { after: tag, text: body };
      strays.push(current);
    }
    return line.slice(0, line.indexOf(body));
  });
  return { text: lines.join('\n'), strays };
}
