/**
 * XML text for feed values that come from dealer feeds (untrusted): the five markup characters
 * escaped, and characters XML 1.0 cannot carry at all (control characters, lone surrogates,
 * U+FFFE/U+FFFF) removed, so no value can break the document or make a parser reject it.
 */
const NOT_XML_CHAR =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const MARKUP = /[&<>"']/g;
/** Most values need no change; one cheap test finds them (the full pass costs ~10x more at 10,000 cars). */
// eslint-disable-next-line no-control-regex
const NEEDS_WORK = /[&<>"'\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;
const ENTITY: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function xmlText(value: string | number): string {
  const text = String(value);
  if (!NEEDS_WORK.test(text)) return text;
  return text.replace(NOT_XML_CHAR, '').replace(MARKUP, (char) => ENTITY[char]!);
}

/** `<name>value</name>`, or nothing when there is no value (optional attributes are left out, not sent empty). */
export function element(name: string, value: string | number | undefined): string {
  return value === undefined || value === '' ? '' : `<${name}>${xmlText(value)}</${name}>`;
}
