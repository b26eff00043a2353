import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { K1_DISCLOSURE_VERSION } from '../../src/contract/k1-consent-disclosures.js';
import { demoPicture } from '../../src/server/demo/demo-pictures.js';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { addInvestor, ADMIN, bearer, seedAs, signIn, startTestApp, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/** A K-1 as a PDF with real text (pdfkit), the way a tax preparer's software prints one. */
async function k1Pdf(...lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER' });
  const out = buffer(doc);
  doc.fontSize(12);
  for (const line of lines) doc.text(line);
  doc.end();
  return out;
}

type Entry = { name: string; data?: Buffer; compress?: boolean };
async function zipOf(entries: Entry[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const e of entries) {
    if (e.name.endsWith('/')) zip.addEmptyDirectory(e.name);
    else zip.addBuffer(e.data ?? Buffer.alloc(0), e.name, { compress: e.compress ?? true });
  }
  zip.end();
  return buffer(zip.outputStream);
}

/** A zip's bytes with one name swapped for another of the same length, in its local header and its directory (yazl refuses such names). */
const renamed = (zip: Buffer, from: string, to: string) => Buffer.from(zip.toString('latin1').replaceAll(from, to), 'latin1');

/** A zip whose entries say they are encrypted (the flag in each local header and directory entry). */
function markedEncrypted(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = out.readUInt32LE(i);
    if (sig === 0x04034b50) out.writeUInt16LE(out.readUInt16LE(i + 6) | 1, i + 6);
    if (sig === 0x02014b50) out.writeUInt16LE(out.readUInt16LE(i + 8) | 1, i + 8);
  }
  return out;
}

/** A multipart body as a browser's FormData sends it: the fields, then each file as a `files` part. */
async function form(fields: Record<string, string>, files: { name: string; data: Buffer }[]) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const f of files) fd.append('files', new Blob([new Uint8Array(f.data)], { type: 'application/octet-stream' }), f.name);
  const res = new Response(fd);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}

type BatchFile = { file: string; size_bytes: number; investor_name: string | null; matched_by: string | null; candidates: string[] };
type StatusRow = { investor_name: string; status: string; document_id: number | null; version: number | null; consented: boolean; delivery: string; tax_id: string | null };

const LLC = 'Cedar LLC';
const COUNTED = ['k1_batch', 'k1_batch_file', 'k1_document', 'stored_file', 'document', 'document_version', 'notice_outbox', 'audit_event'] as const;

/** K-1s in one upload: matched by tax ID or name, published as each member's own K-1 document. */
describe.each(DB_KINDS)('K-1s in one upload on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const tokens: Record<string, string> = {};
  const fields = { llc_name: LLC, tax_year: '2024' };

  const upload = async (f: Record<string, string>, files: { name: string; data: Buffer }[], token = admin) => {
    const { payload, contentType } = await form(f, files);
    return t.app.inject({ method: 'POST', url: '/admin/upload_k1_batch', headers: { ...bearer(token), 'content-type': contentType }, payload });
  };
  const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, payload: object, token = admin) => t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
  const status = async () => {
    const res = await get(`/admin/k1_status?llc_name=${encodeURIComponent(LLC)}&tax_year=2024`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { members: StatusRow[]; batches: { batch_id: number; status: string; files: number }[] };
  };
  const statusOf = async (name: string) => (await status()).members.find((m) => m.investor_name === name)!;
  const counts = async () => {
    const out: Record<(typeof COUNTED)[number], number> = Object.fromEntries(COUNTED.map((table) => [table, 0])) as never;
    for (const table of COUNTED) out[table] = (await t.testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
    return out;
  };
  const noticedK1s = () =>
    t.testDb.db.query<{ investor: string; ref: string }>(
      `SELECT i.name AS investor, o.dedupe_key AS ref FROM notice_outbox o JOIN investor i ON i.id = o.investor_id
        WHERE o.event = 'document_published' ORDER BY o.id`,
    );

  const ADA_K1 = k1Pdf('Schedule K-1 (Form 1065) 2024', "Partner's identifying number 123-45-6789", 'Cedar LLC');
  const ALAN_K1 = k1Pdf('Schedule K-1 (Form 1065) 2024', 'Cedar LLC');
  const STRANGER_K1 = k1Pdf('Schedule K-1 (Form 1065) 2024', 'Partner: Someone Else');
  const BOTH_K1 = k1Pdf('Schedule K-1 (Form 1065) 2024', 'Partner 123456789, prepared for 98-7654321');

  beforeAll(async () => {
    t = await startTestApp(kind, { DATA_KEY: randomBytes(32).toString('base64') });
    admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    const seed = seedAs(t, admin);
    await seed('/admin/add_llc', { ...MAPLE_LLC, llc_name: LLC });
    await seed('/admin/add_investment_property', {
      property_name: 'Cedar House', address: '1 Cedar Road', purchase_date: '2023-01-01', purchase_price: '1000', land_value: '0', property_value: '1000',
      llc: LLC, property_type: 'other',
    });
    const people: [string, string | null, string | null][] = [
      ['Ada Lovelace', '123-45-6789', '2024-02-01'],
      ['Grace Hopper', '98-7654321', '2024-03-01'],
      ['Alan Turing', null, '2024-04-01'],
      ['Ken Thompson', '555-12-3456', null], // not a member: no money in Cedar LLC
      ['Late Comer', null, '2025-02-01'], // a member only from 2025
    ];
    for (const [name, taxId, invested] of people) {
      const username = name.toLowerCase().replace(/\W+/g, '.');
      const { secret } = await addInvestor(t, { name, email: `${username}@example.com`, phone: '', address: '', fee_percentage: '0' });
      const reg = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { username, password: 'amber canyon whistle 77', secret } });
      expect(reg.statusCode, reg.body).toBe(201);
      tokens[name] = await signIn(t.app, username, 'amber canyon whistle 77');
      if (taxId) await seed('/admin/change_investor_tax_id', { investor_name: name, tax_id: taxId });
      if (invested) await seed('/admin/add_investment', { property_name: 'Cedar House', investor_name: name, date: invested, amount: '500' });
    }
    const consent = await post('/api/give_k1_consent', { disclosure_version: K1_DISCLOSURE_VERSION }, tokens['Grace Hopper']);
    expect(consent.statusCode, consent.body).toBe(200);
  }, 120_000);
  afterAll(() => t?.close());

  let batchId: number;

  it('matches a zip of K-1s by tax ID, by name, or not at all, and lists the candidates of a file that could be either', async () => {
    const before = await counts();
    const zip = await zipOf([
      { name: 'k1-001.pdf', data: await ADA_K1 },
      { name: 'scans/', data: undefined },
      { name: 'scans/K1_alan-turing.pdf', data: await ALAN_K1 },
      { name: 'k1-003.pdf', data: await STRANGER_K1 },
      { name: 'k1-004.pdf', data: await BOTH_K1 },
      { name: '__MACOSX/._k1-001.pdf', data: Buffer.from('mac resource fork') },
      { name: '.DS_Store', data: Buffer.from('finder') },
    ]);
    const res = await upload(fields, [{ name: 'k1s.zip', data: zip }]);
    expect(res.statusCode, res.body).toBe(201);
    const batch = res.json() as { batch_id: number; message: string; status: string; members: string[]; files: BatchFile[] };
    batchId = batch.batch_id;
    expect(batch.message).toBe('K-1s received: check the matches, then publish.');
    expect(batch.status).toBe('draft');
    expect(batch.members).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper']);
    expect(batch.files.map(({ size_bytes: _, ...f }) => f)).toEqual([
      { file: 'k1-001.pdf', investor_name: 'Ada Lovelace', matched_by: 'tax_id', candidates: [] },
      { file: 'scans/K1_alan-turing.pdf', investor_name: 'Alan Turing', matched_by: 'name', candidates: [] },
      { file: 'k1-003.pdf', investor_name: null, matched_by: null, candidates: [] },
      { file: 'k1-004.pdf', investor_name: null, matched_by: null, candidates: ['Ada Lovelace', 'Grace Hopper'] },
    ]);
    expect(batch.files[0]!.size_bytes).toBe((await ADA_K1).length);
    // No tax ID leaves the server, nor reaches the audit log.
    expect(res.body).not.toMatch(/6789|7654321/);
    const after = await counts();
    expect(after.k1_batch_file - before.k1_batch_file).toBe(4);
    expect(after.stored_file - before.stored_file).toBe(4);
    const [audit] = await t.testDb.db.query<{ after: unknown }>(`SELECT after FROM audit_event WHERE action = 'upload_k1_batch' ORDER BY id DESC LIMIT 1`);
    expect(audit!.after).toMatchObject({ llc: LLC, tax_year: 2024, files: 4, matched_by_tax_id: 1, matched_by_name: 1, unmatched: 2 });
    expect(JSON.stringify(audit)).not.toMatch(/6789|7654321/);

    // Read back as uploaded, and each file as it was sent.
    const again = await get(`/admin/k1_batch?batch_id=${batchId}`);
    expect(again.json()).toEqual({ ...batch, message: undefined, files: batch.files });
    const file = await get(`/admin/k1_batch_file?batch_id=${batchId}&file=${encodeURIComponent('scans/K1_alan-turing.pdf')}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.rawPayload.equals(await ALAN_K1)).toBe(true);
    expect((await get(`/admin/k1_batch_file?batch_id=${batchId}&file=nope.pdf`)).statusCode).toBe(404);
    // Admins only.
    expect((await get(`/admin/k1_batch?batch_id=${batchId}`, tokens['Ada Lovelace'])).statusCode).toBe(403);

    // Nothing is published yet: every member's K-1 is missing, with the tax ID masked and how it must go out.
    const s = await status();
    expect(s.members).toEqual([
      expect.objectContaining({ investor_name: 'Ada Lovelace', status: 'missing', document_id: null, consented: false, delivery: 'paper', tax_id: '•••-••-6789' }),
      expect.objectContaining({ investor_name: 'Alan Turing', status: 'missing', tax_id: null }),
      expect.objectContaining({ investor_name: 'Grace Hopper', status: 'missing', consented: true, delivery: 'electronic', tax_id: '•••-••-4321' }),
    ]);
    expect(s.batches).toEqual([expect.objectContaining({ batch_id: batchId, status: 'draft', files: 4 })]);
    expect((await get('/api/documents', tokens['Ada Lovelace'])).json().documents).toEqual([]);
  });

  it('publishes the confirmed matches: each member sees and downloads only their own K-1, and is told', async () => {
    const noticesBefore = (await noticedK1s()).length;
    const res = await post('/admin/publish_k1_batch', {
      batch_id: batchId,
      assignments: [
        { file: 'k1-001.pdf', investor_name: 'Ada Lovelace' },
        { file: 'scans/K1_alan-turing.pdf', investor_name: 'alan turing' },
        { file: 'k1-004.pdf', investor_name: 'Grace Hopper' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'K-1s published to 3 members.', published: 3, replaced: 0 });

    const docsOf = async (name: string) => (await get('/api/documents', tokens[name])).json().documents as { id: number; title: string; kind: string; tax_year: number; version: number }[];
    const ada = await docsOf('Ada Lovelace');
    expect(ada).toEqual([expect.objectContaining({ title: 'K-1 2024 – Cedar LLC', kind: 'k1', tax_year: 2024, version: 1 })]);
    const grace = await docsOf('Grace Hopper');
    expect(grace).toHaveLength(1);
    expect(grace[0]!.id).not.toBe(ada[0]!.id);
    expect(await docsOf('Ken Thompson')).toEqual([]);

    const mine = await get(`/api/document?id=${ada[0]!.id}`, tokens['Ada Lovelace']);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(await ADA_K1)).toBe(true);
    expect((await get(`/api/document?id=${ada[0]!.id}`, tokens['Grace Hopper'])).statusCode).toBe(404);
    expect((await get(`/api/document?id=${ada[0]!.id}`, tokens['Ken Thompson'])).statusCode).toBe(404);

    // missing → uploaded → downloaded.
    expect(await statusOf('Ada Lovelace')).toMatchObject({ status: 'downloaded', document_id: ada[0]!.id, version: 1 });
    expect(await statusOf('Grace Hopper')).toMatchObject({ status: 'uploaded', document_id: grace[0]!.id, version: 1 });
    expect(await statusOf('Alan Turing')).toMatchObject({ status: 'uploaded' });

    // Each member is told, and no one else.
    const told = (await noticedK1s()).slice(noticesBefore);
    expect(told.map((n) => n.investor).sort()).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper']);
    expect(told.find((n) => n.investor === 'Ada Lovelace')!.ref).toContain(`document:${ada[0]!.id}`);

    // The file left out is forgotten; the published ones stay readable to the admin.
    expect((await get(`/admin/k1_batch_file?batch_id=${batchId}&file=k1-003.pdf`)).statusCode).toBe(404);
    expect((await get(`/admin/k1_batch?batch_id=${batchId}`)).json()).toMatchObject({ status: 'published' });
    const [audit] = await t.testDb.db.query<{ after: unknown }>(`SELECT after FROM audit_event WHERE action = 'publish_k1_batch' AND entity_id = $1`, [String(batchId)]);
    expect(audit!.after).toMatchObject({ status: 'published', published: 3, replaced: 0, left_out: 1 });
    const uploads = await t.testDb.db.query(`SELECT 1 FROM audit_event WHERE action = 'upload_document' AND after->>'k1_batch' = $1`, [String(batchId)]);
    expect(uploads).toHaveLength(3);

    // A batch is published once, and then cannot be discarded.
    const before = await counts();
    const twice = await post('/admin/publish_k1_batch', { batch_id: batchId, assignments: [{ file: 'k1-003.pdf', investor_name: 'Ada Lovelace' }] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This K-1 batch was already published.');
    expect((await post('/admin/discard_k1_batch', { batch_id: batchId })).statusCode).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it('publishes a corrected K-1, sent as separate PDF parts, as version 2 of the member’s K-1', async () => {
    const corrected = await k1Pdf('Schedule K-1 (Form 1065) 2024 CORRECTED', 'Identifying number 123456789');
    const res = await upload(fields, [{ name: 'ada-corrected.pdf', data: corrected }, { name: 'extra.pdf', data: await STRANGER_K1 }]);
    expect(res.statusCode, res.body).toBe(201);
    const batch = res.json() as { batch_id: number; files: BatchFile[] };
    expect(batch.files.map((f) => [f.file, f.investor_name, f.matched_by])).toEqual([['ada-corrected.pdf', 'Ada Lovelace', 'tax_id'], ['extra.pdf', null, null]]);
    const adaBefore = await statusOf('Ada Lovelace');

    const published = await post('/admin/publish_k1_batch', { batch_id: batch.batch_id, assignments: [{ file: 'ada-corrected.pdf', investor_name: 'Ada Lovelace' }] });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ published: 1, replaced: 1 });

    const docs = (await get('/api/documents', tokens['Ada Lovelace'])).json().documents as { id: number; version: number }[];
    expect(docs).toEqual([expect.objectContaining({ id: adaBefore.document_id, version: 2 })]);
    // The new version is not downloaded yet.
    expect(await statusOf('Ada Lovelace')).toMatchObject({ status: 'uploaded', version: 2 });
    const file = await get(`/api/document?id=${adaBefore.document_id}`, tokens['Ada Lovelace']);
    expect(file.rawPayload.equals(corrected)).toBe(true);
    expect(await statusOf('Ada Lovelace')).toMatchObject({ status: 'downloaded', version: 2 });
    expect((await noticedK1s()).at(-1)).toEqual({ investor: 'Ada Lovelace', ref: expect.stringContaining(`document:${adaBefore.document_id}:v2`) });
  });

  it('refuses a bad upload in plain words and keeps nothing', async () => {
    const pdf = await ADA_K1;
    const zeros = (mib: number) => Buffer.alloc(mib * 1024 * 1024);
    const pathZip = renamed(await zipOf([{ name: 'ok.pdf', data: pdf }, { name: 'xx/evil.pdf', data: pdf }]), 'xx/evil.pdf', '../evil.pdf');
    const driveZip = renamed(await zipOf([{ name: 'xx/evil.pdf', data: pdf }]), 'xx/evil.pdf', 'C:/evil.pdf');
    const cases: [string, Record<string, string>, { name: string; data: Buffer }[], number, RegExp][] = [
      ['an empty zip', fields, [{ name: 'k1s.zip', data: await zipOf([]) }], 400, /^The zip holds no PDF/],
      ['a zip of clutter only', fields, [{ name: 'k1s.zip', data: await zipOf([{ name: '__MACOSX/._a.pdf', data: pdf }, { name: 'd/' }]) }], 400, /^The zip holds no PDF/],
      ['a path in the zip', fields, [{ name: 'k1s.zip', data: pathZip }], 400, /path that is not allowed: "\.\.\/evil\.pdf"/],
      ['a drive letter in the zip', fields, [{ name: 'k1s.zip', data: driveZip }], 400, /path that is not allowed: "C:\/evil\.pdf"/],
      ['a bomb: a 30 MiB entry of zeros', fields, [{ name: 'k1s.zip', data: await zipOf([{ name: 'big.pdf', data: zeros(30) }]) }], 413, /"big\.pdf" in the zip is larger than 25 MB/],
      ['a bomb: an entry inflating 1000 times', fields, [{ name: 'k1s.zip', data: await zipOf([{ name: 'dense.pdf', data: zeros(2) }]) }], 400, /more than 200 times its size/],
      ['a text file in the zip, after a PDF', fields, [{ name: 'k1s.zip', data: await zipOf([{ name: 'ok.pdf', data: pdf }, { name: 'notes.txt', data: Buffer.from('hello') }]) }], 400, /"notes\.txt" in the zip is not a PDF/],
      ['a zip in the zip', fields, [{ name: 'k1s.zip', data: await zipOf([{ name: 'inner.zip', data: await zipOf([{ name: 'a.pdf', data: pdf }]) }]) }], 400, /"inner\.zip" in the zip is not a PDF/],
      ['an encrypted entry', fields, [{ name: 'k1s.zip', data: markedEncrypted(await zipOf([{ name: 'secret.pdf', data: pdf }])) }], 400, /"secret\.pdf" in the zip is encrypted/],
      ['a part neither PDF nor zip', fields, [{ name: 'k1.pdf', data: demoPicture('house') }], 400, /^"k1\.pdf" is neither a PDF nor a zip/],
      ['a PDF then a picture', fields, [{ name: 'a.pdf', data: pdf }, { name: 'house.png', data: demoPicture('house') }], 400, /^"house\.png" is neither a PDF nor a zip/],
      ['two files of one name', fields, [{ name: 'a.pdf', data: pdf }, { name: 'a.pdf', data: pdf }], 400, /Two files in the batch are named "a\.pdf"/],
      ['a zip and a PDF', fields, [{ name: 'k1s.zip', data: await zipOf([{ name: 'b.pdf', data: pdf }]) }, { name: 'a.pdf', data: pdf }], 400, /^Send one zip, or PDFs/],
      ['no file', fields, [], 400, /^Choose the K-1s to upload/],
      ['an unknown LLC', { llc_name: 'Nowhere LLC', tax_year: '2024' }, [{ name: 'a.pdf', data: pdf }], 404, /^No LLC named "Nowhere LLC"\.$/],
      ['a bad tax year', { llc_name: LLC, tax_year: '24' }, [{ name: 'a.pdf', data: pdf }], 400, /^Tax year/],
      ['a bomb: more entries than a batch holds', fields, [{ name: 'k1s.zip', data: await zipOf(Array.from({ length: 5001 }, (_, i) => ({ name: `k${i}.pdf`, data: pdf.subarray(0, 8), compress: false }))) }], 413, /^The zip holds 5001 entries: a batch may hold at most 5,000 files\.$/],
      ['more than 200 PDF parts', fields, Array.from({ length: 201 }, (_, i) => ({ name: `k${i}.pdf`, data: pdf.subarray(0, 64) })), 413, /^Send at most 200 files at a time\.$/],
      ['a damaged zip', fields, [{ name: 'k1s.zip', data: Buffer.from('PK\x03\x04 not really a zip') }], 400, /^The zip cannot be read/],
    ];
    const before = await counts();
    for (const [what, f, files, code, message] of cases) {
      const res = await upload(f, files);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(code);
      expect(res.json().message, what).toMatch(message);
    }
    expect(await counts()).toEqual(before);
    // Only an admin uploads.
    expect((await upload(fields, [{ name: 'a.pdf', data: pdf }], tokens['Ada Lovelace'])).statusCode).toBe(403);
  });

  it('refuses an assignment that is not a member’s or not of the batch, writing nothing; a discarded batch forgets its files', async () => {
    const res = await upload(fields, [{ name: 'one.pdf', data: await STRANGER_K1 }, { name: 'two.pdf', data: await STRANGER_K1 }]);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().batch_id as number;
    const before = await counts();
    const cases: [object, number, RegExp][] = [
      [{ batch_id: id, assignments: [{ file: 'one.pdf', investor_name: 'Ken Thompson' }] }, 400, /^"Ken Thompson" is not a member of Cedar LLC in 2024\.$/],
      [{ batch_id: id, assignments: [{ file: 'one.pdf', investor_name: 'Late Comer' }] }, 400, /is not a member of Cedar LLC in 2024/],
      [{ batch_id: id, assignments: [{ file: 'one.pdf', investor_name: 'Nobody' }] }, 404, /^No investor named "Nobody"\.$/],
      [{ batch_id: id, assignments: [{ file: 'three.pdf', investor_name: 'Ada Lovelace' }] }, 400, /^"three\.pdf" is not a file of this batch\.$/],
      [{ batch_id: id, assignments: [{ file: 'one.pdf', investor_name: 'Ada Lovelace' }, { file: 'one.pdf', investor_name: 'Grace Hopper' }] }, 400, /^"one\.pdf" is assigned twice/],
      [{ batch_id: id, assignments: [{ file: 'one.pdf', investor_name: 'Ada Lovelace' }, { file: 'two.pdf', investor_name: 'Ada Lovelace' }] }, 400, /^"Ada Lovelace" is assigned two files/],
      [{ batch_id: id, assignments: [] }, 400, /Assign at least one file/],
      [{ batch_id: 999999, assignments: [{ file: 'one.pdf', investor_name: 'Ada Lovelace' }] }, 404, /^No K-1 batch numbered 999999\.$/],
    ];
    for (const [body, code, message] of cases) {
      const refused = await post('/admin/publish_k1_batch', body);
      expect(refused.statusCode, refused.body).toBe(code);
      expect(refused.json().message).toMatch(message);
    }
    expect(await counts()).toEqual(before);

    const discarded = await post('/admin/discard_k1_batch', { batch_id: id });
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(discarded.json().message).toBe('K-1 batch discarded');
    const after = await counts();
    expect(after.stored_file).toBe(before.stored_file - 2);
    expect(after.audit_event).toBe(before.audit_event + 1);
    expect((await get(`/admin/k1_batch_file?batch_id=${id}&file=one.pdf`)).statusCode).toBe(404);
    expect((await post('/admin/discard_k1_batch', { batch_id: id })).statusCode).toBe(409);
    const late = await post('/admin/publish_k1_batch', { batch_id: id, assignments: [{ file: 'one.pdf', investor_name: 'Ada Lovelace' }] });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This K-1 batch was already discarded.');
    expect((await status()).batches.map((b) => b.status)).toEqual(['discarded', 'published', 'published']);
  });
});
