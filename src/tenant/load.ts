import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { isMap, LineCounter, parseDocument } from 'yaml';
import { describeIssue, describeUnknownKey, formatPath } from '../config/format-issues';
import { normaliseText } from '../feeds/normalise-text';
import { contrastProblems } from './colour-contrast';
import { knownKeysAt } from './known-keys';
import { TenantSchema, type Tenant } from './schema';
import { describeYamlErrors } from './yaml-errors';
import { lineOfPath } from './yaml-lines';

/** A tenant file that failed: the file and one line per problem. */
export class TenantConfigError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(problems.map((problem) => `${file}: ${problem}`).join('\n'));
    this.name = 'TenantConfigError';
  }
}

export type LoadedTenant = Tenant & { file: string };

/** Parse and validate one tenant YAML text; `file` is the name used in messages. */
export function parseTenant(text: string, file: string): LoadedTenant {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length) throw new TenantConfigError(file, describeYamlErrors(text, doc.errors));
  // YAML's "\ud800" escapes make lone surrogates too: the text is normalised as feed text is.
  const data: unknown = normaliseText(doc.toJS());
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new TenantConfigError(file, [
      'expected a mapping of settings (template, slug, name, url, ...), got ' +
        (data === null ? 'an empty file' : 'something else'),
    ]);
  }
  const at = (path: readonly PropertyKey[], linePath = path) => {
    const line = lineOfPath(doc, lineCounter, linePath);
    return `${formatPath(path)}${line ? ` (line ${line})` : ''}`;
  };
  const result = TenantSchema.safeParse(data, { reportInput: true });
  const problems = (result.error?.issues ?? []).flatMap((issue) => {
    // One line per unknown key, at the key's own line.
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map(
        (key) =>
          `${at(issue.path, [...issue.path, key])}: ${unknownKey(issue.path, key, doc, lineCounter)}`,
      );
    return [`${at(issue.path)}: ${describeIssue(issue)}`];
  });
  // Judged on the colours as written, so a problem names a colour the editor set.
  const colours = (data as { theme?: { colours?: unknown } }).theme?.colours;
  const colourLine = (key: string) => lineOfPath(doc, lineCounter, ['theme', 'colours', key]);
  for (const { key, message } of contrastProblems(colours, colourLine))
    problems.push(`${at(['theme', 'colours', key])}: ${message}`);
  if (problems.length || !result.success) throw new TenantConfigError(file, problems);
  const expectedSlug = path.basename(file).replace(/\.ya?ml$/, '');
  if (result.data.slug !== expectedSlug) {
    throw new TenantConfigError(file, [
      `slug: expected "${expectedSlug}" to match the file name, got "${result.data.slug}"`,
    ]);
  }
  return { ...result.data, file };
}

/**
 * An unknown key, with a hint: a near spelling, or (when it is a setting one level deeper or
 * higher) the indentation that would put it in place.
 */
function unknownKey(
  parentPath: readonly PropertyKey[],
  key: string,
  doc: ReturnType<typeof parseDocument>,
  counter: LineCounter,
): string {
  const allowed = knownKeysAt(TenantSchema, parentPath);
  const keyLine = (path: readonly PropertyKey[]) => lineOfPath(doc, counter, path);
  const deeper = allowed.find(
    (child) =>
      doc.hasIn([...parentPath, child]) &&
      knownKeysAt(TenantSchema, [...parentPath, child]).includes(key),
  );
  if (deeper !== undefined) {
    const home = `"${deeper}" (line ${keyLine([...parentPath, deeper])})`;
    const hasKeys = isMap(doc.getIn([...parentPath, deeper], true));
    return describeUnknownKey(
      key,
      allowed,
      `it belongs under ${home}; indent it ${hasKeys ? 'to line up with the keys there' : `further than "${deeper}"`}`,
    );
  }
  const parent = parentPath.at(-1);
  if (
    typeof parent === 'string' &&
    knownKeysAt(TenantSchema, parentPath.slice(0, -1)).includes(key)
  )
    return describeUnknownKey(
      key,
      allowed,
      `it belongs one level up, beside "${parent}" (line ${keyLine(parentPath)}); indent it less`,
    );
  return describeUnknownKey(key, allowed);
}

/** The tenants folder: tenants/ in the project, or TENANTS_DIR (used by tests and by CI for other fleets). */
export function tenantsDir(root = process.cwd()): string {
  return path.resolve(root, process.env.TENANTS_DIR ?? 'tenants');
}

/** Load one tenant by slug from tenants/<slug>.yaml. */
export async function loadTenant(slug: string, root = process.cwd()): Promise<LoadedTenant> {
  const absolute = path.join(tenantsDir(root), `${slug}.yaml`);
  const file = path.relative(root, absolute);
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch {
    throw new TenantConfigError(file, [
      `no such tenant file; tenants are ${(await listTenantSlugs(root)).join(', ') || '(none)'}`,
    ]);
  }
  const tenant = parseTenant(text, file);
  if (tenant.theme.logo && !existsSync(path.join(tenantsDir(root), tenant.theme.logo))) {
    throw new TenantConfigError(file, [
      `theme.logo: file not found: ${path.relative(root, path.join(tenantsDir(root), tenant.theme.logo))}`,
    ]);
  }
  return tenant;
}

/** Slugs of every tenants/*.yaml file, sorted. */
export async function listTenantSlugs(root = process.cwd()): Promise<string[]> {
  const entries = await readdir(tenantsDir(root));
  return entries
    .filter((name) => /\.ya?ml$/.test(name))
    .map((name) => name.replace(/\.ya?ml$/, ''))
    .sort();
}

/**
 * Load every tenant (or the named ones). All files are checked before anything is returned, so
 * an editor sees every problem in every file at once.
 */
export async function loadTenants(slugs?: string[], root = process.cwd()): Promise<LoadedTenant[]> {
  const wanted = slugs?.length ? slugs : await listTenantSlugs(root);
  const results = await Promise.allSettled(wanted.map((slug) => loadTenant(slug, root)));
  const errors = results.flatMap((result) =>
    result.status === 'rejected' ? [result.reason as unknown] : [],
  );
  if (errors.length) {
    const problems = errors.flatMap((error) => (error instanceof TenantConfigError ? [error] : []));
    if (problems.length !== errors.length)
      throw errors.find((error) => !(error instanceof TenantConfigError));
    throw new TenantConfigErrors(problems);
  }
  return results.map((result) => (result as PromiseFulfilledResult<LoadedTenant>).value);
}

export class TenantConfigErrors extends Error {
  constructor(readonly errors: TenantConfigError[]) {
    super(errors.map((error) => error.message).join('\n'));
    this.name = 'TenantConfigErrors';
  }
}
