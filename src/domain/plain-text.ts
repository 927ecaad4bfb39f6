/**
 * One rule for the text people type into the site's forms and every API body: no control
 * characters. A NUL is refused by PostgreSQL (a 500 where SQLite stored it) and a line break in a
 * one-line field (a name) forges lines in the lead e-mail a dealer reads. Browsers never put line
 * breaks into a one-line <input>, so refusing them costs a real customer nothing.
 */

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** Comments may have line breaks and tabs; nothing else of the kind. */
// eslint-disable-next-line no-control-regex -- as above
const NOT_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Fields that are a <textarea> on the forms: line breaks allowed. */
export const MULTI_LINE_FIELDS: ReadonlySet<string> = new Set(['message']);

export const TEXT_MESSAGES = {
  oneLine: 'Please keep this to one line, without line breaks or control characters.',
  multiLine: 'Please remove the control characters from this text.',
  key: 'A field name has control characters in it.',
} as const;

/** The message for `value` if it breaks the rule, else undefined. */
export function textProblem(value: string, multiLine = false): string | undefined {
  if (multiLine) return NOT_MULTI_LINE.test(value) ? TEXT_MESSAGES.multiLine : undefined;
  return NOT_ONE_LINE.test(value) ? TEXT_MESSAGES.oneLine : undefined;
}

/**
 * `{ field: message }` for every text in a JSON body that breaks the rule, or undefined when none
 * does. Fields are named as the API's other field errors are: the top-level key, or the key inside
 * `fields` for a lead form.
 */
export function controlCharacterErrors(body: unknown): Record<string, string> | undefined {
  const errors: Record<string, string> = {};
  const visit = (value: unknown, path: string[]): void => {
    const field = (path[0] === 'fields' ? path[1] : path[0]) ?? '_';
    if (typeof value === 'string') {
      const problem = textProblem(value, MULTI_LINE_FIELDS.has(path.at(-1) ?? ''));
      if (problem) errors[field] ??= problem;
    } else if (Array.isArray(value)) {
      value.forEach((item) => visit(item, path));
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (textProblem(key)) errors[field] ??= TEXT_MESSAGES.key;
        else visit(item, [...path, key]);
      }
    }
  };
  visit(body, []);
  return Object.keys(errors).length ? errors : undefined;
}

/** Text for one line of an e-mail or a CRM record: any run of control characters becomes a space. */
export function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- as above
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
}
