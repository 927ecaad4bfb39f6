import type { YAMLError } from 'yaml';
import { bracketDepth, findIndentMistake, KEY } from './indentation';

/** Parser errors that a line indented too far or too little sets off (often on a line nearby). */
function isIndentError(error: YAMLError): boolean {
  if (/^Flow (map|sequence)/.test(error.message)) return false;
  if (error.code === 'MISSING_CHAR')
    return /^(Sequence item without - indicator|Implicit map keys need to be followed by map values)/.test(
      error.message,
    );
  return [
    'BAD_INDENT',
    'BLOCK_AS_IMPLICIT_KEY',
    'MULTILINE_IMPLICIT_KEY',
    'TAB_AS_INDENT',
    'UNEXPECTED_TOKEN',
  ].includes(error.code);
}

function lineOf(error: YAMLError): number | undefined {
  return error.linePos?.[0].line;
}

/** The line a "{" or "[" is opened on and never closed before line `before`. */
function unclosedBracketLine(lines: string[], before: number): number | undefined {
  let depth = 0;
  let opened: number | undefined;
  for (let index = 0; index < Math.min(before - 1, lines.length); index++) {
    const next = bracketDepth(lines[index]!.replace(/^\s*(-\s+)*/, ''), depth);
    if (depth === 0 && next > 0) opened = index + 1;
    depth = next;
  }
  return depth > 0 ? opened : undefined;
}

/** The first line whose quoted value does not end on that line. */
function unclosedQuoteLine(lines: string[], quote: string): number | undefined {
  for (let index = 0; index < lines.length; index++) {
    const content = lines[index]!.replace(/^\s*(-\s+)*/, '');
    const value = (KEY.exec(content)?.[2] ?? content).trimEnd();
    if (!value.startsWith(quote)) continue;
    const body = value.slice(1);
    const closed = quote === "'" ? /^(?:[^']|'')*'/.test(body) : /^(?:[^"\\]|\\.)*"/.test(body);
    if (!closed) return index + 1;
  }
  return undefined;
}

function describeOne(error: YAMLError, lines: string[]): string {
  const line = lineOf(error);
  const message = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  const flow = /^Flow (map|sequence)/.exec(message);
  if (flow && line) {
    const opened = unclosedBracketLine(lines, line);
    const [open, close] = flow[1] === 'map' ? ['{', '}'] : ['[', ']'];
    if (opened)
      return `line ${opened}: the "${open}" here is never closed; end it with "${close}" on the same line`;
  }
  const quote = /^Missing closing (['"])quote/.exec(message);
  if (quote) {
    const opened = unclosedQuoteLine(lines, quote[1]!);
    if (opened)
      return `line ${opened}: the ${quote[1]} that starts this value is never closed; end the value with ${quote[1]}`;
  }
  if (error.code === 'DUPLICATE_KEY' && line) {
    const key = KEY.exec(lines[line - 1]!.replace(/^\s*(-\s+)*/, ''))?.[1];
    if (key) return `line ${line}: "${key}" is set twice at the same level; keep one`;
  }
  if (error.code === 'BLOCK_AS_IMPLICIT_KEY' && line) {
    const key = KEY.exec(lines[line - 1]!.replace(/^\s*(-\s+)*/, ''));
    if (key?.[2]?.includes(': '))
      return `line ${line}: the value of "${key[1]}" contains ": ", which YAML reads as another key; put the value in quotes, like ${key[1]}: '${key[2]}'`;
  }
  const at = error.linePos?.[0];
  return `YAML syntax error at ${at ? `line ${at.line}, column ${at.col}` : 'the end of the file'}: ${message}`;
}

/**
 * What the YAML parser's errors mean, in plain words, at the line the mistake is on. One mistake
 * sets off several errors: a misindented line is reported alone (what follows it reads wrongly
 * until it is fixed), and any other error once.
 */
export function describeYamlErrors(text: string, errors: readonly YAMLError[]): string[] {
  const indentMistake = errors.some(isIndentError) ? findIndentMistake(text) : undefined;
  if (indentMistake) return [indentMistake.message];
  const lines = text.split(/\r?\n/);
  return [...new Set(errors.map((error) => describeOne(error, lines)))];
}
