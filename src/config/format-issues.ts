import type { z } from 'zod';

/** "theme.colours[0].primary" from a zod issue path. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || '(top level)';
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object') return 'a mapping';
  return String(value);
}

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  object: 'a mapping of keys',
  array: 'a list',
  int: 'a whole number',
};

/** Closest known key to a misspelt one, for "did you mean" hints. */
function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/**
 * An unknown key, with a near spelling from `allowed` or the allowed keys; `misplaced` says
 * instead where the key does belong, when the caller knows.
 */
export function describeUnknownKey(
  key: string,
  allowed: readonly string[],
  misplaced?: string,
): string {
  if (misplaced) return `unknown key "${key}" here: ${misplaced}`;
  const hint = closest(key, allowed);
  return `unknown key "${key}"${hint ? ` (did you mean "${hint}"?)` : allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}`;
}

/**
 * One plain sentence per zod issue saying what was expected and what was found. `knownKeys`
 * returns the keys allowed at a path, for "did you mean" on unknown keys.
 */
export function describeIssue(
  issue: z.core.$ZodIssue,
  knownKeys?: (path: readonly PropertyKey[]) => string[],
): string {
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type': {
      const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
      if (input === undefined) return `missing; expected ${expected}`;
      return `expected ${expected}, got ${describeValue(input)}`;
    }
    case 'unrecognized_keys': {
      const allowed = knownKeys?.(issue.path) ?? [];
      return issue.keys.map((key) => describeUnknownKey(key, allowed)).join('; ');
    }
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${describeValue(input)}`;
    case 'too_small': {
      if (issue.origin === 'array') return `expected at least ${String(issue.minimum)} item(s)`;
      if (issue.origin === 'string')
        return input === ''
          ? 'must not be empty'
          : `expected at least ${String(issue.minimum)} characters`;
      return `expected a number ${issue.inclusive ? 'of at least' : 'above'} ${String(issue.minimum)}, got ${describeValue(input)}`;
    }
    case 'too_big': {
      if (issue.origin === 'array') return `expected at most ${String(issue.maximum)} item(s)`;
      if (issue.origin === 'string') return `expected at most ${String(issue.maximum)} characters`;
      return `expected a number ${issue.inclusive ? 'of at most' : 'below'} ${String(issue.maximum)}, got ${describeValue(input)}`;
    }
    case 'invalid_union': {
      const custom =
        issue.message && !issue.message.startsWith('Invalid input') ? issue.message : undefined;
      return custom ?? `got ${describeValue(input)}, which matches none of the allowed forms`;
    }
    default: {
      const message = issue.message;
      // "got a mapping" says nothing when a rule checks several settings together.
      const shown = input !== undefined && (input === null || typeof input !== 'object');
      return shown && !/, got /.test(message) ? `${message}, got ${describeValue(input)}` : message;
    }
  }
}
