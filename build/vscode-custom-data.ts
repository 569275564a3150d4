import { type CustomElementsManifest, declaredElements } from './custom-elements';

export const VSCODE_CUSTOM_DATA_FILE = 'vscode.html-custom-data.json';

/** VS Code's HTML custom data (version 1.1): tag and attribute completion with their descriptions. */
export interface HtmlCustomData {
  version: 1.1;
  tags: {
    name: string;
    description: string;
    attributes: { name: string; description: string; valueSet?: 'v'; values?: { name: string }[] }[];
  }[];
}

/** The values of a union of string literals (`'zh-CN' | 'en'`), or none for any other type. */
export function literalValues(type?: string): string[] | undefined {
  if (!type) return undefined;
  const parts = type.split('|').map((part) => part.trim());
  const values = parts.map((part) => /^'([^']*)'$|^"([^"]*)"$/.exec(part)).map((match) => match?.[1] ?? match?.[2]);
  return values.every((value) => value !== undefined) ? (values as string[]) : undefined;
}

/**
 * Built from `custom-elements.json`, so an editor offers
 * every `portal-*` tag with its attributes and their values (the full reference
 * is the portal's `/docs/<tag>`). A boolean attribute is one that is present or
 * not (`valueSet: "v"`).
 */
export function vscodeCustomData(manifest: CustomElementsManifest): HtmlCustomData {
  return {
    version: 1.1,
    tags: declaredElements(manifest).map((docs) => ({
      name: docs.tagName,
      description: [docs.summary, docs.description].filter(Boolean).join('\n\n'),
      attributes: docs.attributes.map((attribute) => {
        const type = attribute.type?.text;
        const values = literalValues(type);
        return {
          name: attribute.name,
          description: attribute.description,
          ...(type === 'boolean' ? { valueSet: 'v' as const } : {}),
          ...(values ? { values: values.map((name) => ({ name })) } : {}),
        };
      }),
    })),
  };
}
