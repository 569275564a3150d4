import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { parse } from 'yaml';

/**
 * Reads the seed content under seed/content/: YAML for lists and settings, and
 * one HTML file per item with long rich text, its other fields in a YAML front
 * matter block. Every record is checked against its schema as it is read, so a
 * mistake in a file stops start-up with the file and the field named.
 */

const CONTENT = fileURLToPath(new URL('./content/', import.meta.url));

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/;

/** A seed file that does not hold what its kind needs. */
export class SeedFileError extends Error {
  constructor(file: string, problem: string) {
    super(`seed content ${file}: ${problem}`);
    this.name = 'SeedFileError';
  }
}

function checked<S extends v.GenericSchema>(schema: S, value: unknown, file: string): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const field = issue.path?.map((item) => String(item.key)).join('.');
  throw new SeedFileError(file, `${field ? `${field}: ` : ''}${issue.message}`);
}

/** A YAML file of one value. */
export function yamlFile<S extends v.GenericSchema>(file: string, schema: S, root = CONTENT): v.InferOutput<S> {
  return checked(schema, parse(readFileSync(join(root, file), 'utf8')), file);
}

/**
 * The items of a folder, in file-name order: each file's front matter, with its
 * body (less the one line end that closes the file) as the field `body`.
 */
export function itemFiles<S extends v.GenericSchema>(
  folder: string,
  body: string,
  schema: S,
  root = CONTENT,
): v.InferOutput<S>[] {
  return readdirSync(join(root, folder))
    .filter((name) => name.endsWith('.html'))
    .sort()
    .map((name) => {
      const file = `${folder}/${name}`;
      const parts = FRONT_MATTER.exec(readFileSync(join(root, file), 'utf8'));
      if (!parts) throw new SeedFileError(file, 'no front matter (--- YAML --- before the HTML)');
      const fields = parse(parts[1] ?? '') as Record<string, unknown>;
      return checked(schema, { ...fields, [body]: (parts[2] ?? '').replace(/\n$/, '') }, file);
    });
}
