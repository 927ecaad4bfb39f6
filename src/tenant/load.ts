import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { describeIssue, formatPath } from '../config/format-issues';
import { normaliseText } from '../feeds/normalise-text';
import { knownKeysAt } from './known-keys';
import { TenantSchema, type Tenant } from './schema';

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
  if (doc.errors.length) {
    throw new TenantConfigError(
      file,
      doc.errors.map((error) => {
        const at = error.linePos?.[0];
        const where = at ? `line ${at.line}, column ${at.col}` : 'the end of the file';
        return `YAML syntax error at ${where}: ${error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`;
      }),
    );
  }
  // YAML's "\ud800" escapes make lone surrogates too: the text is normalised as feed text is.
  const data: unknown = normaliseText(doc.toJS());
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new TenantConfigError(file, [
      'expected a mapping of settings (template, slug, name, url, ...), got ' + (data === null ? 'an empty file' : 'something else'),
    ]);
  }
  const result = TenantSchema.safeParse(data, { reportInput: true });
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const where = formatPath(issue.path);
      const line = lineOf(doc, lineCounter, issue.path);
      return `${where}${line ? ` (line ${line})` : ''}: ${describeIssue(issue, (at) => knownKeysAt(TenantSchema, at))}`;
    });
    throw new TenantConfigError(file, problems);
  }
  const expectedSlug = path.basename(file).replace(/\.ya?ml$/, '');
  if (result.data.slug !== expectedSlug) {
    throw new TenantConfigError(file, [`slug: expected "${expectedSlug}" to match the file name, got "${result.data.slug}"`]);
  }
  return { ...result.data, file };
}

function lineOf(doc: ReturnType<typeof parseDocument>, counter: LineCounter, issuePath: readonly PropertyKey[]): number | undefined {
  // Walk up the path until a node exists (a missing key has no node; its parent does).
  for (let depth = issuePath.length; depth >= 0; depth--) {
    const node = doc.getIn(issuePath.slice(0, depth) as unknown[], true) as { range?: [number, number, number] } | undefined;
    if (node?.range) return counter.linePos(node.range[0]).line;
  }
  return undefined;
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
    throw new TenantConfigError(file, [`no such tenant file; tenants are ${(await listTenantSlugs(root)).join(', ') || '(none)'}`]);
  }
  const tenant = parseTenant(text, file);
  if (tenant.theme.logo && !existsSync(path.join(tenantsDir(root), tenant.theme.logo))) {
    throw new TenantConfigError(file, [`theme.logo: file not found: ${path.relative(root, path.join(tenantsDir(root), tenant.theme.logo))}`]);
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
  const errors = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (errors.length) {
    const problems = errors.flatMap((error) => (error instanceof TenantConfigError ? [error] : []));
    if (problems.length !== errors.length) throw errors.find((error) => !(error instanceof TenantConfigError));
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
