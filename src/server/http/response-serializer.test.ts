import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResponseSerializationError, serializerCompiler as encodingSerializer } from 'fastify-type-provider-zod';
import { endpoints } from '../../contract/endpoints.js';
import type { Endpoint } from '../../contract/endpoint.js';
import { responseSerializerCompiler, sameInBothDirections } from './response-serializer.js';

const serializerOf = (schema: unknown) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as (data: unknown) => string;
const encodingOf = (schema: unknown) =>
  encodingSerializer({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as (data: unknown) => string;

type Tree = { name: string; children: Tree[] };
const TreeSchema: z.ZodType<Tree> = z.lazy(() => z.object({ name: z.string(), children: z.array(TreeSchema) }));

describe('sameInBothDirections', () => {
  it('takes schemas of plain values, however nested, recursive ones included', () => {
    expect(sameInBothDirections(z.object({ status: z.literal('ok') }))).toBe(true);
    expect(sameInBothDirections(z.object({
      rows: z.array(z.object({ name: z.string().max(10), cents: z.number().int(), note: z.string().nullable().optional(), on: z.iso.date() })),
      by_kind: z.record(z.string(), z.number()),
      either: z.union([z.string(), z.number(), z.null()]),
      kind: z.enum(['a', 'b']),
      raw: z.unknown(),
    }))).toBe(true);
    expect(sameInBothDirections(z.strictObject({ a: z.boolean() }))).toBe(true);
    expect(sameInBothDirections(TreeSchema)).toBe(true);
  });

  it('leaves to encode a part that answers or decides differently by direction, wherever it is', () => {
    expect(sameInBothDirections(z.string().transform((s) => s.length))).toBe(false);
    expect(sameInBothDirections(z.object({ rows: z.array(z.union([z.number(), z.object({ n: z.number().default(0) })])) }))).toBe(false);
    expect(sameInBothDirections(z.object({ a: z.string().optional().nullable().catch(null) }))).toBe(false);
    expect(sameInBothDirections(z.object({ a: z.string().pipe(z.string()) }))).toBe(false);
    expect(sameInBothDirections(z.record(z.string(), z.codec(z.string(), z.number(), { decode: Number, encode: String })))).toBe(false);
    const Recursive: z.ZodType = z.lazy(() => z.object({ next: Recursive.optional(), at: z.string().prefault('x') }));
    expect(sameInBothDirections(Recursive)).toBe(false);
    // Checks that see the value as given backward and as parsed forward; input coerced; a discriminator.
    expect(sameInBothDirections(z.object({ a: z.string() }).refine(() => true))).toBe(false);
    expect(sameInBothDirections(z.object({ a: z.array(z.string().trim()) }))).toBe(false);
    expect(sameInBothDirections(z.object({ n: z.coerce.number() }))).toBe(false);
    expect(sameInBothDirections(z.discriminatedUnion('kind', [z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b') })]))).toBe(false);
    // A kind not on the list: a tuple.
    expect(sameInBothDirections(z.tuple([z.string()]))).toBe(false);
  });

  it('sorts the endpoint table: most answers are parsed forward', () => {
    const table = endpoints as Record<string, Endpoint>;
    const encoded = Object.keys(table).filter((name) => !sameInBothDirections(table[name]!.response as never));
    expect(encoded.length).toBeLessThan(Object.keys(table).length / 4);
  });
});

describe('responseSerializerCompiler', () => {
  const Row = z.object({ name: z.string(), cents: z.number().int(), note: z.string().nullable().optional(), tags: z.array(z.string()) });

  it('answers only what the schema declares, as the encoding serializer does', () => {
    const data = { name: 'Oak', cents: 125, tags: ['a'], tax_id: '123-45-6789', extra: { deep: true } };
    const text = serializerOf(Row)(data);
    expect(JSON.parse(text)).toEqual({ name: 'Oak', cents: 125, tags: ['a'] });
    expect(text).toBe(encodingOf(Row)(data));
    const rows = z.object({ rows: z.array(Row), next: z.string().nullable() });
    const list = { rows: [data, { ...data, name: 'Elm', note: null }], next: null, secret: 'x' };
    expect(serializerOf(rows)(list)).toBe(encodingOf(rows)(list));
    expect(serializerOf(TreeSchema)({ name: 'a', children: [{ name: 'b', children: [], x: 1 }] }))
      .toBe('{"name":"a","children":[{"name":"b","children":[]}]}');
  });

  it('refuses an answer its schema does not promise, with the error the encoding serializer throws', () => {
    for (const bad of [{ name: 'Oak', cents: 1.5, tags: [] }, { name: 'Oak', tags: [] }, null, 'text']) {
      expect(() => serializerOf(Row)(bad)).toThrow(ResponseSerializationError);
      expect(() => encodingOf(Row)(bad)).toThrow(ResponseSerializationError);
    }
  });

  it('encodes a schema that acts by direction: a codec answers its encoded form', () => {
    const Cents = z.object({ amount: z.codec(z.string(), z.number().int(), { decode: Number, encode: String }) });
    expect(serializerOf(Cents)({ amount: 125 })).toBe('{"amount":"125"}');
  });
});
