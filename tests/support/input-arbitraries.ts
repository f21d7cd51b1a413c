/**
 * fast-check generators for a procedure's input: "valid" ones built from its JSON Schema (they pass
 * the structural checks; refinements such as "a real e-mail address" are approximated by field name),
 * and invalid ones (wrong types, missing or extra fields, garbage, oversized text).
 */
import fc from 'fast-check';
import type { JsonSchema } from './router-walk';

/** Keeps generated text small enough for a GET query string and quick to send. */
const MAX_TEXT = 300;

/**
 * Characters no one types into a form: NUL (PostgreSQL refuses it in text), other C0 controls, ESC, DEL,
 * C1 controls (NEL), and the line and paragraph separators.
 */
export const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u001f', '\u001b', '\u007f', '\u0085', '\u009b', '\u2028', '\u2029'] as const;

const text = (min = 0, max = MAX_TEXT) =>
  fc.oneof(
    fc.string({ minLength: min, maxLength: Math.min(max, MAX_TEXT) }),
    // Umlauts, emoji, right-to-left and combining marks: what real visitors type.
    fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, MAX_TEXT) }),
    // NUL (PostgreSQL refuses it in text), ESC, CR/LF, DEL, line separators among ordinary letters:
    // what a probe or a pasted terminal line sends.
    fc.string({
      unit: fc.constantFrom('a', 'ß', ' ', '\u0000', '\u001b', '\r', '\n', '\t', '\u007f', '\u0085', '\u2028'),
      minLength: min,
      maxLength: Math.min(max, 40),
    }),
  );

function stringFor(schema: JsonSchema, key: string): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? MAX_TEXT, MAX_TEXT));
  if (schema.pattern) {
    // "^[…]+$" with a length range: let the pattern itself say the length, rather than filtering
    // (a filter that rarely passes makes fast-check spin).
    const pattern = schema.pattern.replace(/\](?:[+*])\$$/, `]{${min},${schema.maxLength ?? Math.max(min, MAX_TEXT)}}$`);
    return fc.stringMatching(new RegExp(pattern)).filter((value) => value.length >= min && value.length <= (schema.maxLength ?? Infinity));
  }
  if (/e-?mail/i.test(key)) return fc.emailAddress().filter((value) => value.length >= min && value.length <= (schema.maxLength ?? 254));
  if (/url/i.test(key)) {
    const url = fc.webUrl({ validSchemes: ['https'] }).filter((value) => value.length <= max);
    return fc.oneof(
      url,
      // A user name and password in the address (refused), and an address with a control character in it.
      url.map((value) => value.replace('https://', 'https://user:secret@')),
      fc.tuple(url, fc.constantFrom(...CONTROL_CHARACTERS), fc.nat()).map(([value, control, at]) => splice(value, control, at)),
    );
  }
  return text(min, max);
}

/** Values the schema describes (as far as JSON Schema can say). */
export function validInput(schema: JsonSchema, key = ''): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => validInput(alternative, key)));
  if (schema.allOf) return validInput(Object.assign({}, ...schema.allOf) as JsonSchema, key);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema, key);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(schema.items ? validInput(schema.items, key) : fc.jsonValue(), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)),
      });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, validInput(property, name)]));
      // A field with a default may be left out, just as the client may leave it out.
      const requiredKeys = (schema.required ?? []).filter((name) => properties[name]?.default === undefined);
      return fc.record(model, { requiredKeys });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** `text` with `control` put in at position `at` (modulo its length + 1). */
const splice = (text: string, control: string, at: number) => {
  const index = at % (text.length + 1);
  return `${text.slice(0, index)}${control}${text.slice(index)}`;
};

/** Where each string inside a value is, as paths of keys and indexes (the value itself is one at []). */
export function stringPaths(value: unknown, path: readonly (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [[...path]];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

/** A copy of `value` with the string at `path` replaced by `change(it)`. */
export function withStringAt(value: unknown, path: readonly (string | number)[], change: (text: string) => string): unknown {
  if (path.length === 0) return typeof value === 'string' ? change(value) : value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? withStringAt(item, rest, change) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: withStringAt(record[head], rest, change) };
}

/** `value` with a control character put into one of its strings, however deep (a post's German title, a line's colour…). */
export const withControlCharacter = (value: unknown, control: string, which: number, at: number): unknown => {
  const paths = stringPaths(value);
  if (paths.length === 0) return value;
  return withStringAt(value, paths[which % paths.length] as (string | number)[], (text) => splice(text, control, at));
};

/** Values a caller should not send: the server must refuse them with a 4xx, never fail with a 5xx. */
export function invalidInput(schema: JsonSchema | null): fc.Arbitrary<unknown> {
  const garbage = fc.oneof(
    fc.anything({ maxDepth: 2, maxKeys: 5 }),
    fc.constantFrom(null, true, 0, -1, 1e308, '', [], {}, '__proto__', { __proto__: { admin: true } }, { constructor: { prototype: {} } }),
    fc.string({ unit: 'binary', maxLength: MAX_TEXT }),
  );
  if (!schema?.properties) return garbage;
  const valid = validInput(schema) as fc.Arbitrary<Record<string, unknown>>;
  const keys = Object.keys(schema.properties);
  return fc.oneof(
    garbage,
    // One field missing, or replaced with something of the wrong kind or size.
    fc.tuple(valid, fc.constantFrom(...keys)).map(([value, key]) => {
      const { [key]: _dropped, ...rest } = value;
      return rest;
    }),
    fc.tuple(valid, fc.constantFrom(...keys), garbage).map(([value, key, wrong]) => ({ ...value, [key]: wrong })),
    fc.tuple(valid, fc.constantFrom(...keys)).map(([value, key]) => ({ ...value, [key]: 'x'.repeat(20_000) })),
    fc.tuple(valid, fc.string({ minLength: 1, maxLength: 20 }), garbage).map(([value, key, extra]) => ({ ...value, [key]: extra })),
    // A control character in one of the strings, nested ones included: stripped or refused, never a 5xx.
    fc
      .tuple(valid, fc.constantFrom(...CONTROL_CHARACTERS), fc.nat(), fc.nat())
      .map(([value, control, which, at]) => withControlCharacter(value, control, which, at)),
  );
}
