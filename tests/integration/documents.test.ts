import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupTo, restoreFrom } from '../../src/server/db/backup.js';
import { demoPicture } from '../../src/server/demo/demo-pictures.js';
import { createZipWriter } from '../../src/server/lib/zip-stream.js';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { bearer, createInvestorWithLogin, seedAs, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/** A multipart/form-data body as a browser's FormData sends it: the fields, then the file. */
async function form(fields: Record<string, string>, file?: { name: string; data: Buffer; type?: string }) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append('file', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const res = new Response(fd);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}

async function officeFile(kind: 'word' | 'xl'): Promise<Buffer> {
  const zip = createZipWriter();
  zip.add('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
  zip.add(kind === 'word' ? 'word/document.xml' : 'xl/workbook.xml', '<x/>');
  zip.finish();
  return buffer(zip.stream);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7), Buffer.from([0xff, 0xd9])]);

const COUNTED = ['stored_file', 'stored_file_chunk', 'document', 'document_version', 'document_download', 'audit_event'];

/** The document vault: uploads checked by content, audiences, versions, withdrawals and downloads recorded. */
describe.each(DB_KINDS)('document vault on %s', (kind) => {
  let t: TestApp;
  let maple: MapleBooks;
  let outsider: string; // D: an investor in another LLC, not a Maple member

  const upload = async (fields: Record<string, string>, file?: { name: string; data: Buffer; type?: string }, token = maple.admin) => {
    const { payload, contentType } = await form(fields, file);
    return t.app.inject({ method: 'POST', url: '/admin/upload_document', headers: { ...bearer(token), 'content-type': contentType }, payload });
  };
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const counts = async () => {
    const out: Record<string, number> = {};
    for (const table of COUNTED) out[table] = (await t.testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
    return out;
  };

  beforeAll(async () => {
    const template = await mapleBooksTemplate(kind, { logins: true });
    maple = template.state;
    t = await template.start();
    const post = seedAs(t, maple.admin);
    await post('/admin/add_llc', { ...MAPLE_LLC, llc_name: 'Birch LLC' });
    await post('/admin/add_investment_property', {
      property_name: 'R', address: '9 Elm Road', purchase_date: '2024-01-01', purchase_price: '1000', land_value: '0', property_value: '1000',
      llc: 'Birch LLC', property_type: 'other',
    });
    outsider = (await createInvestorWithLogin(t, 'D', { username: 'investor.d', password: 'amber canyon whistle 77' })).token;
    await post('/admin/add_investment', { property_name: 'R', investor_name: 'D', date: '2024-02-01', amount: '1000' });
  }, 120_000);
  afterAll(() => t?.close());

  it('keeps each allowed type, recognised by content, and gives it back byte for byte with its type', async () => {
    const files = [
      { name: 'k1.pdf', data: PDF, type: 'application/pdf' },
      { name: 'house.png', data: demoPicture('house'), type: 'image/png' },
      { name: 'scan.jpg', data: JPEG, type: 'image/jpeg' },
      { name: 'letter.docx', data: await officeFile('word'), type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
      { name: 'figures.xlsx', data: await officeFile('xl'), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      { name: 'note.txt', data: Buffer.from('Hello, investors — ünïcode.\n'), type: 'text/plain' },
      { name: 'rows.csv', data: Buffer.from('a,b\n1,2\n'), type: 'text/csv' },
    ];
    for (const f of files) {
      const res = await upload({ title: `Doc ${f.name}`, kind: 'other' }, { name: f.name, data: f.data });
      expect(res.statusCode, `${f.name}: ${res.body}`).toBe(201);
      const { id, message } = res.json();
      expect(message).toBe('Document uploaded successfully');
      const file = await get(`/api/document?id=${id}`, maple.investors.A!);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain(f.type);
      expect(file.headers['content-disposition']).toContain(`attachment; filename="${f.name}"`);
      expect(file.headers['cache-control']).toBe('no-store');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.rawPayload.equals(f.data)).toBe(true);
    }
  });

  it('keeps a file larger than one chunk whole (a 3 MB PDF) and records its SHA-256', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024, 0x41)]);
    const res = await upload({ title: 'Big', kind: 'statement', tax_year: '2024', investor_name: 'b' }, { name: 'big.pdf', data: big });
    expect(res.statusCode, res.body).toBe(201);
    const file = await get(`/api/document?id=${res.json().id}`, maple.investors.B!);
    expect(file.rawPayload.equals(big)).toBe(true);
    const [row] = await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM stored_file_chunk c JOIN document_version v ON v.file_id = c.file_id WHERE v.document_id = $1', [res.json().id]);
    expect(row!.n).toBeGreaterThan(1);
  });

  it('refuses bad uploads in plain words and writes nothing', async () => {
    const before = await counts();
    const pdf = { name: 'k1.pdf', data: PDF };
    const cases: [Record<string, string>, { name: string; data: Buffer } | undefined, number, string][] = [
      [{ title: 'X', kind: 'k1', investor_name: 'Nobody' }, pdf, 400, 'No investor named "Nobody".'],
      [{ title: 'X', kind: 'k1', llc_name: 'Nowhere LLC' }, pdf, 400, 'No LLC named "Nowhere LLC".'],
      [{ title: 'X', kind: 'k1', llc_name: MAPLE_LLC.llc_name, investor_name: 'A' }, pdf, 400, 'Choose either an LLC or an investor, not both (neither: every investor).'],
      [{ title: 'X', kind: 'invoice' }, pdf, 400, 'Kind must be one of k1, statement, agreement, notice, tax, other.'],
      [{ title: 'X', kind: 'k1', tax_year: '24' }, pdf, 400, 'Tax year must be a year between 1900 and 2099.'],
      [{ title: 'X', kind: 'k1' }, { name: 'k1.pdf', data: demoPicture('house') }, 400, 'The file is named as a PDF, but its content is a PNG image.'],
      [{ title: 'X', kind: 'k1' }, { name: 'tool.exe', data: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]) }, 400,
        'The file must be a PDF, PNG or JPEG image, Word document (.docx), Excel workbook (.xlsx), or text or CSV file.'],
      [{ title: 'X', kind: 'k1' }, { name: 'fake.docx', data: Buffer.from('PK\x03\x04 not really a zip') }, 400,
        'The file must be a PDF, PNG or JPEG image, Word document (.docx), Excel workbook (.xlsx), or text or CSV file.'],
      [{ title: 'X', kind: 'k1' }, { name: 'empty.pdf', data: Buffer.alloc(0) }, 400, 'The file is empty.'],
      [{ title: 'X', kind: 'k1' }, undefined, 400, 'File is required: choose the file to upload.'],
      [{ kind: 'k1' }, pdf, 400, 'Title is required.'],
      [{ title: 'X', kind: 'k1' }, { name: 'huge.pdf', data: Buffer.concat([PDF, Buffer.alloc(25 * 1024 * 1024)]) }, 413, 'The file is too large: it may be at most 25 MB.'],
    ];
    for (const [fields, file, status, message] of cases) {
      const res = await upload(fields, file);
      expect(res.statusCode, `${JSON.stringify(fields)} ${file?.name}: ${res.body}`).toBe(status);
      expect(res.json().message).toBe(message);
    }
    // JSON is not an upload; an investor may not upload.
    const json = await t.app.inject({ method: 'POST', url: '/admin/upload_document', headers: bearer(maple.admin), payload: { title: 'X', kind: 'k1' } });
    expect(json.statusCode).toBe(415);
    expect((await upload({ title: 'X', kind: 'k1' }, pdf, maple.investors.A!)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  }, 60_000);

  it('still refuses a multipart body on a call that takes JSON (415)', async () => {
    const { payload, contentType } = await form({ reason: 'x', id: '1' });
    const res = await t.app.inject({ method: 'POST', url: '/admin/withdraw_document', headers: { ...bearer(maple.admin), 'content-type': contentType }, payload });
    expect(res.statusCode).toBe(415);
  });

  it("shows an LLC's document to its members only; a non-member's download is 404 like a missing id", async () => {
    const res = await upload({ title: 'Maple operating agreement', kind: 'agreement', llc_name: 'maple holdings llc' }, { name: 'oa.pdf', data: PDF });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    for (const name of ['A', 'B', 'C']) {
      const list = await get('/api/documents', maple.investors[name]!);
      expect(list.statusCode).toBe(200);
      expect(list.json().documents.map((d: { id: number }) => d.id)).toContain(id);
    }
    const theirs = await get('/api/documents', outsider);
    expect(theirs.json().documents.map((d: { id: number }) => d.id)).not.toContain(id);
    const denied = await get(`/api/document?id=${id}`, outsider);
    const missing = await get('/api/document?id=999999', outsider);
    expect(denied.statusCode).toBe(404);
    expect(denied.json()).toEqual(missing.json());
    expect((await get('/api/document?id=abc', outsider)).json()).toEqual(missing.json());
  });

  it("answers another investor's list as investor_summary does, and lets an admin read anyone's", async () => {
    const mine = await upload({ title: 'For C only', kind: 'k1', tax_year: '2024', investor_name: 'C' }, { name: 'c.pdf', data: PDF });
    const { id } = mine.json();
    const asOther = await get('/api/documents?investor_name=C', maple.investors.A!);
    const summaryAsOther = await get('/api/investor_summary?investor_name=C', maple.investors.A!);
    expect(asOther.statusCode).toBe(summaryAsOther.statusCode);
    expect(asOther.json()).toEqual(summaryAsOther.json());
    expect((await get(`/api/document?id=${id}`, maple.investors.A!)).statusCode).toBe(404);
    const asAdmin = await get('/api/documents?investor_name=C&kind=k1&tax_year=2024', maple.admin);
    expect(asAdmin.json().documents.map((d: { id: number }) => d.id)).toEqual([id]);
    const filtered = await get('/api/documents?kind=k1&tax_year=2023', maple.investors.C!);
    expect(filtered.json().documents).toEqual([]);
    // Newest first.
    const all = (await get('/api/documents', maple.investors.C!)).json().documents as { id: number; date: string }[];
    expect(all[0]!.id).toBe(id);
    expect([...all].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id)).toEqual(all);
  });

  it('replaces a document with a new version, the old one kept in its history, both audited', async () => {
    const first = await upload({ title: 'Notice', kind: 'notice' }, { name: 'v1.txt', data: Buffer.from('first') });
    const { id } = first.json();
    const { payload, contentType } = await form({ id: String(id) }, { name: 'v2.txt', data: Buffer.from('second') });
    const res = await t.app.inject({ method: 'POST', url: '/admin/replace_document', headers: { ...bearer(maple.admin), 'content-type': contentType }, payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Document replaced: version 2 is the current one.', id, version: 2 });
    expect((await get(`/api/document?id=${id}`, maple.investors.A!)).body).toBe('second');
    expect((await get(`/api/document?id=${id}&version=1`, maple.admin)).body).toBe('first');
    expect((await get(`/api/document?id=${id}&version=1`, maple.investors.A!)).statusCode).toBe(404);
    const admin = (await get('/admin/documents', maple.admin)).json().documents.find((d: { id: number }) => d.id === id);
    expect(admin.versions.map((v: { version: number; file_name: string }) => [v.version, v.file_name])).toEqual([[2, 'v2.txt'], [1, 'v1.txt']]);
    const audit = await t.testDb.db.query<{ action: string }>(`SELECT action FROM audit_event WHERE entity = 'document' AND entity_id = $1 ORDER BY id`, [String(id)]);
    expect(audit.map((a) => a.action)).toEqual(['upload_document', 'replace_document']);
    const missingId = await form({ id: '999999' }, { name: 'v.txt', data: Buffer.from('x') });
    const before = await counts();
    const refused = await t.app.inject({ method: 'POST', url: '/admin/replace_document', headers: { ...bearer(maple.admin), 'content-type': missingId.contentType }, payload: missingId.payload });
    expect(refused.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('withdraws a document: gone for investors, 404 on download, kept for the admin with who and why', async () => {
    const { id } = (await upload({ title: 'Old letter', kind: 'notice' }, { name: 'old.pdf', data: PDF })).json();
    const res = await t.app.inject({ method: 'POST', url: '/admin/withdraw_document', headers: bearer(maple.admin), payload: { id, reason: 'Sent by mistake' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('/api/documents', maple.investors.A!)).json().documents.map((d: { id: number }) => d.id)).not.toContain(id);
    expect((await get(`/api/document?id=${id}`, maple.investors.A!)).statusCode).toBe(404);
    const admin = (await get('/admin/documents', maple.admin)).json().documents.find((d: { id: number }) => d.id === id);
    expect(admin).toMatchObject({ withdrawn_by: 'admin', withdrawn_reason: 'Sent by mistake' });
    const again = await t.app.inject({ method: 'POST', url: '/admin/withdraw_document', headers: bearer(maple.admin), payload: { id, reason: 'Again' } });
    expect(again.statusCode).toBe(409);
    const [audit] = await t.testDb.db.query<{ after: { reason: string } }>(`SELECT after FROM audit_event WHERE action = 'withdraw_document' AND entity_id = $1`, [String(id)]);
    expect(audit!.after.reason).toBe('Sent by mistake');
  });

  it("records each investor's download (not an admin's) and shows the admin who opened it and when", async () => {
    const { id } = (await upload({ title: 'Everyone', kind: 'other' }, { name: 'all.pdf', data: PDF })).json();
    await get(`/api/document?id=${id}`, maple.investors.A!);
    await get(`/api/document?id=${id}`, maple.investors.B!);
    await get(`/api/document?id=${id}`, outsider);
    await get(`/api/document?id=${id}`, maple.admin);
    const res = await get(`/admin/document_downloads?id=${id}`, maple.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().downloads.map((d: { investor_name: string }) => d.investor_name).sort()).toEqual(['A', 'B', 'D']);
    const listed = (await get('/admin/documents', maple.admin)).json().documents.find((d: { id: number }) => d.id === id);
    expect(listed.download_count).toBe(3);
    expect(listed.audience).toEqual({ type: 'everyone' });
    expect((await get(`/admin/document_downloads?id=${id}`, maple.investors.A!)).statusCode).toBe(403);
  });

  it('tells exactly the audience a document is published for, in the outbox, with no title in the e-mail', async () => {
    const noticed = async (id: number) =>
      (await t.testDb.db.query<{ investor: string; subject: string; text: string }>(
        `SELECT i.name AS investor, o.subject, o.body_text AS text FROM notice_outbox o JOIN investor i ON i.id = o.investor_id
          WHERE o.event = 'document_published' AND o.dedupe_key LIKE $1 ORDER BY i.name`,
        [`%:document:${id}`],
      ));
    const forLlc = await upload({ title: 'Secret title 4711', kind: 'notice', llc_name: 'Maple Holdings LLC' }, { name: 'm.pdf', data: PDF });
    expect(forLlc.statusCode, forLlc.body).toBe(201);
    const members = await noticed(forLlc.json().id);
    // A, B and C are Maple's members with e-mail addresses; D holds capital only in Birch.
    expect(members.map((m) => m.investor)).toEqual(['A', 'B', 'C']);
    for (const m of members) expect(`${m.subject}\n${m.text}`).not.toContain('4711');
    const forOne = await upload({ title: 'For B', kind: 'k1', tax_year: '2024', investor_name: 'B' }, { name: 'b.pdf', data: PDF });
    expect((await noticed(forOne.json().id)).map((m) => m.investor)).toEqual(['B']);
    const published = async () =>
      (await t.testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notice_outbox WHERE event = 'document_published'`))[0]!.n;
    const before = await published();
    const refused = await upload({ title: 'Nobody', kind: 'other', investor_name: 'Nobody' }, { name: 'n.pdf', data: PDF });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(await published()).toBe(before);
  });

  it('carries documents, their versions, downloads and bytes through a backup and its restore', async () => {
    const bytes = Buffer.concat([PDF, randomBytes(700 * 1024)]); // three chunks
    const { id } = (await upload({ title: 'Backed up', kind: 'tax' }, { name: 'kept.pdf', data: bytes })).json();
    await get(`/api/document?id=${id}`, maple.investors.A!);
    const file = path.join(tmpdir(), `documents-backup-${kind}-${process.pid}.jsonl.gz`);
    try {
      const before = await counts();
      const backedUp = await backupTo(t.testDb.db, file);
      expect(backedUp.stored_file_chunk).toBe(before.stored_file_chunk);
      expect(backedUp.document_download).toBe(before.document_download);
      const restored = await restoreFrom(t.testDb.db, file);
      expect(restored).toEqual(backedUp);
      expect(await counts()).toEqual(before);
      const again = await get(`/api/document?id=${id}`, maple.investors.A!);
      expect(again.rawPayload.equals(bytes)).toBe(true);
    } finally {
      await rm(file, { force: true });
    }
  });
});
