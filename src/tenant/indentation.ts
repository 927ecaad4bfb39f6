/**
 * Finds the line whose indentation does not match its neighbours in a tenant YAML file. The YAML
 * parser notices such a mistake a line early or late (often at the key before it, or at the next
 * one), so its position is not where an editor should look.
 */

interface Entry {
  line: number;
  /** Column (0-based) of the key, or of the "-" of a list item. */
  col: number;
  key?: string;
  item: boolean;
  /** Lines indented under it belong to it (a key without a value, or a list item). */
  opens: boolean;
}

interface Block {
  opener?: Entry;
  children: Entry[];
}

/** A "key: value" line's key and value (after any list dashes). */
export const KEY = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s"'#,[\]{}:][^:#]*?)\s*:(?:\s+(.*))?$/;

/** How deep in "{ ... }" and "[ ... ]" the end of `text` is, starting `depth` deep. */
export function bracketDepth(text: string, depth: number): number {
  let quote: string | undefined;
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '#' && depth === 0) break;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') depth = Math.max(0, depth - 1);
  }
  return depth;
}

function entriesOf(text: string): Entry[] | { tab: number } {
  const entries: Entry[] = [];
  let blockScalarCol: number | undefined;
  let flowDepth = 0;
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index]!;
    const line = index + 1;
    const indent = /^ */.exec(raw)![0].length;
    const rest = raw.slice(indent);
    if (blockScalarCol !== undefined) {
      if (rest === '' || indent > blockScalarCol) continue;
      blockScalarCol = undefined;
    }
    if (flowDepth > 0) {
      flowDepth = bracketDepth(raw, flowDepth);
      continue;
    }
    if (rest === '' || rest.startsWith('#') || /^(---|\.\.\.)(\s|$)/.test(raw)) continue;
    if (rest.startsWith('\t')) return { tab: line };
    let col = indent;
    let content = rest;
    while (/^-(\s|$)/.test(content)) {
      const after = content.slice(1);
      const gap = /^\s*/.exec(after)![0].length;
      entries.push({ line, col, item: true, opens: true });
      col += 1 + gap;
      content = after.slice(gap);
    }
    const key = KEY.exec(content);
    if (!key) continue; // a list item's text, or the next line of a long value
    const value = (key[2] ?? '').replace(/\s+#.*$/, '');
    const blockScalar = /^[|>][-+0-9]*$/.test(value);
    if (blockScalar) blockScalarCol = col;
    flowDepth = bracketDepth(value, 0);
    entries.push({
      line,
      col,
      key: key[1]!.replace(/^["']|["']$/g, ''),
      item: false,
      opens: value === '' || /^&\S+$/.test(value),
    });
  }
  return entries;
}

/** Where the keys of a list item start: after its "-". */
function contentCol(block: Block): number {
  return (
    block.children.find((child) => child.line === block.opener!.line)?.col ?? block.opener!.col + 2
  );
}

/** Group entries by the key or item they sit under, as the indentation says. */
function blocksOf(entries: Entry[]): Block[] {
  const root: Block = { children: [] };
  const blocks = [root];
  const stack = [root];
  for (const entry of entries) {
    for (;;) {
      const top = stack[stack.length - 1]!;
      if (!top.opener) break;
      // A "-" left of where an item's keys start is a misaligned sibling of that item, not inside it.
      const misalignedItem = top.opener.item && entry.item && entry.col < contentCol(top);
      if (entry.col > top.opener.col && !misalignedItem) break;
      // A key at a list item's "-" (not at its parent's column) can only be a mistyped key of that item.
      const parentCol = stack[stack.length - 2]?.opener?.col ?? -1;
      if (top.opener.item && !entry.item && entry.col === top.opener.col && parentCol < entry.col)
        break;
      // "key:" followed by "- item" at the key's own column is a list under that key.
      if (
        entry.item &&
        !top.opener.item &&
        entry.col === top.opener.col &&
        top.children.every((child) => child.item)
      )
        break;
      stack.pop();
    }
    stack[stack.length - 1]!.children.push(entry);
    if (entry.opens) {
      const block: Block = { opener: entry, children: [] };
      blocks.push(block);
      stack.push(block);
    }
  }
  return blocks;
}

/** How far this file indents a key's settings under it: the usual step (2 in most files). */
function indentStep(blocks: Block[]): number {
  const counts = new Map<number, number>();
  for (const block of blocks) {
    const first = block.children[0];
    if (block.opener && !block.opener.item && first && first.col > block.opener.col) {
      const step = first.col - block.opener.col;
      counts.set(step, (counts.get(step) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 2;
}

/**
 * The column a block's children should start in: one step in from the key they are under (for a
 * list item, where its first key starts after the "-") when any child is there, else the column
 * most of them use.
 */
function expectedCol(block: Block, step: number): number {
  const cols = block.children.map((child) => child.col);
  const opener = block.opener;
  const preferred = !opener ? 0 : opener.item ? contentCol(block) : opener.col + step;
  if (cols.includes(preferred)) return preferred;
  const counts = new Map<number, number>();
  for (const col of cols) counts.set(col, (counts.get(col) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

const spaces = (count: number) => `${count} space${count === 1 ? '' : 's'}`;

function describeBlock(block: Block, entries: Entry[]): string {
  const opener = block.opener;
  if (!opener) return 'top-level';
  if (!opener.item) return `under "${opener.key}" (line ${opener.line})`;
  const list = entries
    .filter((entry) => !entry.item && entry.line <= opener.line && entry.col < opener.col)
    .at(-1);
  return `in this${list ? ` "${list.key}"` : ''} list item (line ${opener.line})`;
}

/**
 * The first line indented differently from the lines beside it, in plain words, or undefined
 * when the indentation is consistent.
 */
export function findIndentMistake(text: string): { line: number; message: string } | undefined {
  const entries = entriesOf(text);
  if (!Array.isArray(entries))
    return {
      line: entries.tab,
      message: `line ${entries.tab}: indented with a tab; YAML needs spaces`,
    };
  let found: { line: number; message: string } | undefined;
  const blocks = blocksOf(entries);
  const step = indentStep(blocks);
  for (const block of blocks) {
    if (!block.children.length) continue;
    const expected = expectedCol(block, step);
    const odd = block.children.find((child) => child.col !== expected);
    if (!odd || (found && found.line <= odd.line)) continue;
    const what = odd.item ? 'this "-" list item' : `"${odd.key}"`;
    const others = odd.item ? 'the other items' : block.opener ? 'the other keys' : 'the other';
    found = {
      line: odd.line,
      message:
        `line ${odd.line}: ${what} is indented ${spaces(odd.col)}, but ${others} ${describeBlock(block, entries)}` +
        `${odd.item || block.opener ? '' : ' keys'} are indented ${expected}; lines at the same level must start in the same column`,
    };
  }
  return found;
}
