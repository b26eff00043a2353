import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Endpoint, Multipart, MultipartBody, UploadedFile } from '../../contract/endpoint.js';
import { endpoints } from '../../contract/endpoints.js';
import { FileBody } from '../../contract/schemas/exports.js';
import { AppError, ValidationError } from '../lib/errors.js';
import { inspectRequest } from '../plugins/text-guard.js';

/**
 * Uploads: the entries of the endpoint table with a `multipart` descriptor take multipart/form-data
 * (@fastify/multipart), read as a stream of parts; every other call refuses such a body as not JSON (415),
 * as it did before uploads existed. The text parts are bounded (20 fields of at most 1,000 bytes) and
 * checked like any JSON field; the file parts (one, unless the entry allows `maxFiles`) are bounded by
 * its entry, together.
 */
const LIMITS = { fieldNameSize: 100, fieldSize: 1000, fields: 20, files: 1, parts: 25, headerPairs: 100 };

const entryOf = (request: FastifyRequest): Endpoint | undefined =>
  (endpoints as Record<string, Endpoint>)[String(request.routeOptions.config?.endpoint)];

export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: LIMITS, throwFileSizeLimit: true });
  // Only a route that takes a body can be sent a multipart one: its own hook, not one every request runs.
  const refuseUnexpected = (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    done(request.isMultipart() && !entryOf(request)?.multipart ? new AppError(415, 'The request body must be JSON.') : undefined);
  };
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().some((m) => m !== 'GET' && m !== 'HEAD')) route.preValidation = [refuseUnexpected, ...[route.preValidation ?? []].flat()];
  });
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const label = (field: string) => {
  const words = field.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The route schema of an upload: the API reference's multipart requestBody (fields and the file part). */
export function multipartSchema(spec: Multipart) {
  const many = (spec.file.maxFiles ?? 1) > 1;
  const file = FileBody.meta({
    description: many
      ? `The files, each sent as a part of this name (at most ${spec.file.maxFiles}): ${spec.file.types.join(', ')}, recognised by their content; at most ${megabytes(spec.file.maxBytes)} together.`
      : `The file: ${spec.file.types.join(', ')}, recognised by its content; at most ${megabytes(spec.file.maxBytes)}.`,
  });
  const body = spec.fields instanceof z.ZodObject ? spec.fields.extend({ [spec.file.name]: file }) : z.intersection(spec.fields, z.object({ [spec.file.name]: file }));
  return { consumes: ['multipart/form-data'], body };
}

/** The body is read by the handler, part by part (multipartBody), not validated whole before it. */
export const readByHandler = () => (value: unknown) => ({ value });

/** The parts of an upload as the handler reads them (contract/endpoint.ts MultipartBody). */
export function multipartBody(request: FastifyRequest, spec: Multipart): MultipartBody<unknown> {
  return {
    async read<T>(onFile: (file: UploadedFile) => Promise<T>) {
      if (!request.isMultipart()) throw new AppError(415, 'The upload must be sent as multipart/form-data.');
      const fields: Record<string, string> = {};
      const files: T[] = [];
      const maxFiles = spec.file.maxFiles ?? 1;
      const total = { bytes: 0 };
      const limits = { ...LIMITS, files: maxFiles, parts: LIMITS.parts + maxFiles - 1, fileSize: spec.file.maxBytes };
      const parts = request.parts({ limits })[Symbol.asyncIterator]();
      for (;;) {
        let next: IteratorResult<Awaited<ReturnType<typeof request.file>> | { type: 'field'; fieldname: string; value: unknown; valueTruncated?: boolean }>;
        try {
          next = (await parts.next()) as typeof next;
        } catch (err) {
          throw inPlainWords(err, spec);
        }
        if (next.done) break;
        const part = next.value;
        if (!part) continue;
        if (part.type === 'file') {
          if (part.fieldname !== spec.file.name) throw new ValidationError(`Unknown file field: ${part.fieldname}. Send the file as "${spec.file.name}".`);
          if (files.length >= maxFiles) throw tooManyFiles(spec);
          files.push(await onFile({ fileName: part.filename, declaredType: part.mimetype, stream: bounded(part.file, spec, total) }));
        } else {
          const field = part as { fieldname: string; value: unknown; valueTruncated?: boolean };
          if (field.valueTruncated) throw new ValidationError(`${label(field.fieldname)} is too long.`);
          if (Object.hasOwn(fields, field.fieldname)) throw new ValidationError(`${label(field.fieldname)} is sent twice.`);
          fields[field.fieldname] = String(field.value);
        }
      }
      const found = inspectRequest([fields]);
      if (found) throw new ValidationError(found.problem === 'bad text'
        ? `${label(found.path.at(-1) ?? 'The request')} must not contain control characters (such as NUL) or broken Unicode.`
        : 'The upload has too many fields.');
      const parsed = spec.fields.safeParse(fields);
      if (!parsed.success) throw new ValidationError(sentence(parsed.error.issues[0]));
      return { fields: parsed.data, file: files[0], files };
    },
  };
}

/**
 * A file part's bytes; past the entry's limit (the parser stops a part there; `total` counts the parts
 * together), a 413 in plain words.
 */
async function* bounded(file: AsyncIterable<Uint8Array> & { truncated?: boolean }, spec: Multipart, total: { bytes: number }): AsyncIterable<Uint8Array> {
  for await (const chunk of file) {
    total.bytes += chunk.length;
    if (total.bytes > spec.file.maxBytes) throw tooLarge(spec);
    yield chunk;
  }
  if (file.truncated) throw tooLarge(spec);
}

const tooLarge = (spec: Multipart) => new AppError(413, (spec.file.maxFiles ?? 1) > 1
  ? `The files are too large: together they may be at most ${megabytes(spec.file.maxBytes)}.`
  : `The file is too large: it may be at most ${megabytes(spec.file.maxBytes)}.`);

const tooManyFiles = (spec: Multipart) => new AppError(413, (spec.file.maxFiles ?? 1) > 1
  ? `Send at most ${spec.file.maxFiles} files at a time.`
  : 'Send one file at a time.');

/** A field's first problem as one sentence, as the error handler words a JSON body's. */
function sentence(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'The upload is not valid.';
  if (/^[A-Z]/.test(issue.message)) return issue.message;
  const field = issue.path.length ? label(issue.path.map(String).join(' ')) : 'The upload';
  return `${field} ${issue.message}${/[.!?]$/.test(issue.message) ? '' : '.'}`;
}

/** The parser's refusals, in plain words: too many parts, or a body that is not well-formed multipart. */
function inPlainWords(err: unknown, spec: Multipart): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(spec);
  if (code === 'FST_FILES_LIMIT') return tooManyFiles(spec);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError(413, 'The upload has too many fields.');
  if (code === 'FST_PROTO_VIOLATION') return new ValidationError('The upload has a field name that is not allowed.');
  return new ValidationError('The upload is not well-formed multipart/form-data.');
}
