import { z } from 'zod';

/**
 * What the fuzzer learns of a request schema: its fields, which are required, and what each accepts,
 * read from the JSON Schema zod derives (`io: 'input'`: what a client sends, before the transforms).
 */
export type JsonSchema = {
  type?: string;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** The shape of what a field accepts, which decides the valid-looking values and the targeted hostile ones. */
export type FieldKind = 'enum' | 'pattern' | 'integer' | 'amount' | 'date' | 'month' | 'year' | 'text';

export type FieldSpec = {
  name: string;
  required: boolean;
  kind: FieldKind;
  /** Every JSON type the field accepts ('string', 'number', 'integer', 'null'). */
  types: Set<string>;
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
};

/** Every alternative of a schema, unions flattened. */
function alternatives(s: JsonSchema): JsonSchema[] {
  return s.anyOf ? s.anyOf.flatMap(alternatives) : [s];
}

// A fixed number of digits, maybe with white space around that the field trims (`^\s*\d{6}\s*$`).
const DIGITS = /^\^(?:\\s\*)?\\d\{\d+\}(?:\\s\*)?\$$/;

function kindOf(name: string, alts: JsonSchema[], types: Set<string>): FieldKind {
  const withEnum = alts.find((a) => a.enum);
  if (withEnum) return 'enum';
  // A fixed number of digits (a six-digit code): other patterns (a username's letters) are text to the fuzzer.
  if (alts.some((a) => a.pattern && DIGITS.test(a.pattern))) return 'pattern';
  if (types.has('integer') && !types.has('string')) return 'integer';
  // A string or a number: an amount, a fee or a tax year, told apart by the name the form gives it.
  if (types.has('number') && types.has('string')) return /year/i.test(name) ? 'year' : 'amount';
  // Dates and months travel as strings of at most 10 characters; their names say which.
  const short = alts.some((a) => a.type === 'string' && a.maxLength === 10);
  if (short && /month/i.test(name)) return 'month';
  if (short) return 'date';
  return 'text';
}

function fieldSpec(name: string, schema: JsonSchema, required: boolean): FieldSpec {
  const alts = alternatives(schema).filter((a) => a.const !== '');
  const types = new Set(alts.map((a) => a.type).filter((t): t is string => typeof t === 'string'));
  const bounded = alts.find((a) => a.minimum !== undefined || a.maximum !== undefined);
  return {
    name,
    required,
    kind: kindOf(name, alts, types),
    types,
    enum: alts.find((a) => a.enum)?.enum,
    pattern: alts.find((a) => a.pattern)?.pattern,
    minimum: bounded?.minimum,
    maximum: bounded?.maximum,
    maxLength: alts.find((a) => a.maxLength !== undefined)?.maxLength,
  };
}

const known = new WeakMap<z.ZodType, FieldSpec[]>();

/** The fields of an object schema (a query or a body), derived once per schema. */
export function fieldsOf(schema: z.ZodType): FieldSpec[] {
  const cached = known.get(schema);
  if (cached) return cached;
  const fields = deriveFields(schema);
  known.set(schema, fields);
  return fields;
}

function deriveFields(schema: z.ZodType): FieldSpec[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  if (json.type !== 'object' || !json.properties) throw new Error('the fuzzer expects an object schema for a query or a body');
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties).map(([name, s]) => fieldSpec(name, s, required.has(name)));
}
