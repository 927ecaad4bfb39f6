/**
 * Finds characters above U+00FF in built pages (the Latin-1 rule, src/site/latin1.ts). A byte scan,
 * not a decode: in UTF-8 a character from U+0100 up starts with a lead byte of 0xC4 or more
 * (0xC2/0xC3 lead U+0080-U+00FF), so pages pass at memchr-like speed and only hits are decoded.
 */
import { readFileSync } from 'node:fs';

export interface NonLatin1 {
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based, in characters. */
  column: number;
  char: string;
  codePoint: string;
}

/**
 * UTF-8 lead bytes of U+0100 and up, as the bytes read one to a character (latin1): a regular
 * expression over that string is V8's fastest scan. Continuation bytes (0x80-0xBF) never match.
 */
const PAST_LATIN1_LEAD = /[\xc4-\xff]/g;
const isContinuation = (byte: number) => (byte & 0xc0) === 0x80;

/** Every character above U+00FF in `bytes` (UTF-8), with its line and column. */
export function nonLatin1In(bytes: Uint8Array, file = ''): NonLatin1[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('latin1');
  const found: NonLatin1[] = [];
  let line = 1;
  let counted = 0;
  for (const match of text.matchAll(PAST_LATIN1_LEAD)) {
    const index = match.index;
    for (
      let at = text.indexOf('\n', counted);
      at !== -1 && at < index;
      at = text.indexOf('\n', at + 1)
    )
      line++;
    counted = index;
    let end = index + 1;
    while (end < buffer.length && isContinuation(buffer[end]!)) end++;
    const lineStart = text.lastIndexOf('\n', index) + 1;
    const char = buffer.toString('utf8', index, end);
    const codePoint = `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    found.push({
      file,
      line,
      column: [...buffer.toString('utf8', lineStart, index)].length + 1,
      char,
      codePoint,
    });
  }
  return found;
}

/** Every character above U+00FF in the given files. */
export function nonLatin1InFiles(files: readonly string[]): NonLatin1[] {
  return files.flatMap((file) => nonLatin1In(readFileSync(file), file));
}

/** One line per hit, `file:line:column: ...` as compilers write them. */
export function describeNonLatin1(hit: NonLatin1): string {
  return `${hit.file}:${hit.line}:${hit.column}: "${hit.char}" (${hit.codePoint}) is above U+00FF: write it as &#x${hit.codePoint.slice(2)}; (latin1Html) or \\u escapes (latin1Json)`;
}
