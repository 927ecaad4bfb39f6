import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';

/**
 * Settings that belong to one dealer: a tenant copied from another that still has one of these
 * shows shoppers the other dealer's phone, stock or name. Settings with the same `match` are
 * compared with each other (a copy's main phone may be the other dealer's used-car phone).
 */
const DEALER_SETTINGS: readonly { path: string; match: string }[] = [
  { path: 'name', match: 'name' },
  { path: 'url', match: 'url' },
  { path: 'hostnames[]', match: 'url' },
  { path: 'description', match: 'description' },
  { path: 'local_port', match: 'local_port' },
  { path: 'dealer.phone', match: 'phone' },
  { path: 'dealer.email', match: 'email' },
  { path: 'dealer.abn', match: 'abn' },
  { path: 'dealer.licence', match: 'licence' },
  { path: 'phones.*', match: 'phone' },
  { path: 'phones.by_location.*', match: 'phone' },
  { path: 'theme.logo', match: 'logo' },
  { path: 'content.tagline', match: 'tagline' },
  { path: 'content.slides[].name', match: 'slide' },
  { path: 'feeds.*', match: 'feed' },
  { path: 'analytics.endpoint', match: 'analytics' },
  { path: 'leads.webhook.url', match: 'webhook' },
  { path: 'leads.email.to[]', match: 'email' },
  { path: 'leads.fallback_email', match: 'email' },
  { path: 'search.meilisearch.index', match: 'search_index' },
  { path: 'syndication.indexnow_key', match: 'indexnow_key' },
  { path: 'cdn.cloudflare_zone_id', match: 'cloudflare_zone_id' },
];

/** Spelling that does not make a value another dealer's: spaces in a phone number, case in an e-mail. */
function normalise(match: string, value: string): string {
  if (match === 'phone' || match === 'abn') return value.replace(/\D/g, '');
  if (match === 'email' || match === 'url' || match === 'webhook' || match === 'analytics')
    return value.trim().toLowerCase().replace(/\/+$/, '');
  return value.trim().replace(/\s+/g, ' ');
}

export interface DealerValue {
  /** Where it is in the file, like "dealer.phone" or "content.slides[0].name". */
  path: string;
  line: number;
  match: string;
  /** The value as compared. */
  key: string;
  /** The value as the editor wrote it, for the message. */
  shown: string;
}

export interface TenantValues {
  slug: string;
  /** The file as named in messages, like "tenants/bayside-toyota.yaml". */
  file: string;
  values: DealerValue[];
}

/** The value as written; a description is cut short, a path or number never is. */
function show(match: string, value: unknown): string {
  if (typeof value !== 'string') return String(value);
  return JSON.stringify(
    match === 'description' && value.length > 40 ? `${value.slice(0, 40)}…` : value,
  );
}

/** The dealer's own settings written in a tenant file (none when it is not valid YAML). */
export function dealerValues(text: string): DealerValue[] {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  if (doc.errors.length) return [];
  const found: DealerValue[] = [];
  const lineOf = (node: Node | null | undefined) =>
    node?.range ? counter.linePos(node.range[0]).line : 0;
  const walk = (node: unknown, steps: string[], at: string, line: number, match: string) => {
    const [step, ...rest] = steps;
    if (step === undefined) {
      if (
        isScalar(node) &&
        node.value !== null &&
        node.value !== '' &&
        typeof node.value !== 'boolean'
      )
        found.push({
          path: at,
          line,
          match,
          key: normalise(match, String(node.value)),
          shown: show(match, node.value),
        });
      return;
    }
    if (step === '[]') {
      if (isSeq(node))
        node.items.forEach((item, index) =>
          walk(item, rest, `${at}[${index}]`, lineOf(item as Node), match),
        );
      return;
    }
    if (!isMap(node)) return;
    for (const pair of node.items) {
      if (!isScalar(pair.key) || (step !== '*' && String(pair.key.value) !== step)) continue;
      walk(
        pair.value,
        rest,
        at ? `${at}.${String(pair.key.value)}` : String(pair.key.value),
        lineOf(pair.key),
        match,
      );
    }
  };
  for (const setting of DEALER_SETTINGS)
    walk(doc.contents, setting.path.replace(/\[\]/g, '.[]').split('.'), '', 0, setting.match);
  return found.filter((value) => value.key !== '');
}

/** Every tenant file in `dir` with its dealer values; files are named relative to `root`. */
export async function readTenantValues(dir: string, root: string): Promise<TenantValues[]> {
  const names = (await readdir(dir)).filter((name) => /\.ya?ml$/.test(name)).sort();
  return Promise.all(
    names.map(async (name) => ({
      slug: name.replace(/\.ya?ml$/, ''),
      file: path.relative(root, path.join(dir, name)),
      values: dealerValues(await readFile(path.join(dir, name), 'utf8')),
    })),
  );
}

function listed(items: string[]): string {
  return items.length < 2
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;
}

/**
 * One warning per value a tenant in `subjects` shares with another tenant. When both tenants are
 * being built, the pair is reported once, under the later file (a copy is usually named after).
 */
export function copiedValueWarnings(
  tenants: readonly TenantValues[],
  subjects: readonly string[],
): string[] {
  const building = new Set(subjects.length ? subjects : tenants.map((tenant) => tenant.slug));
  const warnings: string[] = [];
  for (const tenant of [...tenants].sort((a, b) => (a.slug < b.slug ? -1 : 1))) {
    if (!building.has(tenant.slug)) continue;
    for (const value of [...tenant.values].sort((a, b) => a.line - b.line)) {
      const others = tenants.flatMap((other) => {
        if (other.slug === tenant.slug || (building.has(other.slug) && other.slug > tenant.slug))
          return [];
        const same = other.values.find(
          (candidate) => candidate.match === value.match && candidate.key === value.key,
        );
        if (!same) return [];
        return [
          `${other.slug}'s${same.path === value.path ? '' : ` ${same.path}`} (${other.file})`,
        ];
      });
      if (others.length)
        warnings.push(
          `${tenant.file}: ${value.path} (line ${value.line}): ${value.shown} is also ${listed(others)}; a copied tenant keeps the other dealer's details`,
        );
    }
  }
  return warnings;
}
