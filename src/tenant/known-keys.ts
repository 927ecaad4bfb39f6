import { z } from 'zod';

/** Keys allowed at a path of a zod object schema (used for "did you mean" on unknown keys). */
export function knownKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let current: z.ZodType | undefined = unwrap(schema);
  for (const key of path) {
    if (!current) return [];
    if (current instanceof z.ZodObject)
      current = unwrap(current.shape[String(key)] as z.ZodType | undefined);
    else if (current instanceof z.ZodArray) current = unwrap(current.element as z.ZodType);
    else if (current instanceof z.ZodRecord) current = unwrap(current.valueType as z.ZodType);
    else return [];
  }
  return current instanceof z.ZodObject ? Object.keys(current.shape) : [];
}

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let current = schema;
  for (let i = 0; current && i < 10; i++) {
    const def = (
      current as {
        def?: { type?: string; innerType?: z.ZodType; in?: z.ZodType; schema?: z.ZodType };
      }
    ).def;
    if (!def) break;
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else break;
  }
  return current;
}
