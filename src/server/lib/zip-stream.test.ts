import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { unzip } from '../../../tests/support/read-zip.js';
import { createZipWriter, safeFileName, uniqueNames } from './zip-stream.js';

/** A stream of `size` bytes made on demand, as a generated PDF would be. */
function generated(size: number, log?: string[], name = ''): Readable {
  let sent = 0;
  log?.push(`open ${name}`);
  return new Readable({
    read() {
      const chunk = Math.min(64 * 1024, size - sent);
      if (chunk === 0) {
        log?.push(`end ${name}`);
        return void this.push(null);
      }
      this.push(Buffer.alloc(chunk, sent % 251));
      sent += chunk;
    },
  });
}

describe('createZipWriter', () => {
  it('writes buffers, strings and streams that read back with their names and bytes', async () => {
    const zip = createZipWriter();
    const pdf = Buffer.from('%PDF-1.3 pretend');
    zip.add('statement.pdf', pdf, { compress: false });
    zip.add('Maple LLC/ledger.csv', '\uFEFFDate,Amount\r\n2024-01-02,-5.00\r\n');
    zip.add('Zoë Ångström/notes.txt', Readable.from([Buffer.from('part one, '), Buffer.from('part two')]));
    zip.add('big.bin', () => generated(3_000_000));
    zip.add('later.txt', async () => Readable.from([Buffer.from('opened late')]));
    zip.finish();

    const entries = await unzip(await buffer(zip.stream));
    expect([...entries.keys()]).toEqual(['statement.pdf', 'Maple LLC/ledger.csv', 'Zoë Ångström/notes.txt', 'big.bin', 'later.txt']);
    expect(entries.get('statement.pdf')).toEqual(pdf);
    expect(entries.get('Maple LLC/ledger.csv')?.toString('utf8')).toBe('\uFEFFDate,Amount\r\n2024-01-02,-5.00\r\n');
    expect(entries.get('Zoë Ångström/notes.txt')?.toString('utf8')).toBe('part one, part two');
    expect(entries.get('big.bin')?.equals(await buffer(generated(3_000_000)))).toBe(true);
    expect(entries.get('later.txt')?.toString('utf8')).toBe('opened late');
  });

  it('opens each lazy entry only after the one before it is written', async () => {
    const log: string[] = [];
    const zip = createZipWriter();
    for (const name of ['a', 'b', 'c']) zip.add(`${name}.bin`, () => generated(200_000, log, name));
    zip.finish();
    await buffer(zip.stream);
    expect(log).toEqual(['open a', 'end a', 'open b', 'end b', 'open c', 'end c']);
  });

  it('sends bytes before the archive is finished, as a reply would', async () => {
    const zip = createZipWriter();
    const chunks: Buffer[] = [];
    const first = new Promise<void>((resolve) => zip.stream.on('data', (chunk: Buffer) => { chunks.push(chunk); resolve(); }));
    const ended = new Promise((resolve) => zip.stream.on('end', resolve));
    zip.add('first.txt', 'hello');
    await first;
    expect(chunks[0]?.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04])); // a local file header
    zip.add('second.txt', 'world');
    zip.finish();
    await ended;
    const entries = await unzip(Buffer.concat(chunks));
    expect([...entries.keys()]).toEqual(['first.txt', 'second.txt']);
  });

  it('fails the output when an entry fails, rather than ending a truncated archive', async () => {
    const zip = createZipWriter();
    zip.add('ok.txt', 'fine');
    zip.add('broken.pdf', () => new Readable({ read() { this.destroy(new Error('the PDF could not be drawn')); } }));
    zip.add('rejected.pdf', () => Promise.reject(new Error('never reached')));
    zip.finish();
    await expect(buffer(zip.stream)).rejects.toThrow('the PDF could not be drawn');
  });

  it('fails the output when an entry cannot be opened', async () => {
    const zip = createZipWriter();
    zip.add('missing.pdf', () => Promise.reject(new Error('no such statement')));
    zip.finish();
    await expect(buffer(zip.stream)).rejects.toThrow('no such statement');
  });

  it('stops generating entries when the reader goes away', async () => {
    const log: string[] = [];
    const zip = createZipWriter();
    zip.add('a.bin', () => generated(50_000_000, log, 'a'));
    zip.add('b.bin', () => generated(10, log, 'b'));
    zip.finish();
    await new Promise((resolve) => zip.stream.once('data', resolve));
    zip.stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(log).toEqual(['open a']);
  });

  it('refuses entry names that would unpack outside the folder', () => {
    const zip = createZipWriter();
    expect(() => zip.add('../evil.txt', 'x')).toThrow();
    expect(() => zip.add('/etc/passwd', 'x')).toThrow();
  });

  it.skipIf(!existsSync('/usr/bin/unzip'))('produces an archive the system unzip tests clean', async () => {
    const zip = createZipWriter();
    zip.add('statement.pdf', () => generated(100_000));
    zip.add('Zoë/ledger.csv', 'a,b\r\n');
    zip.finish();
    const dir = mkdtempSync(join(tmpdir(), 'zip-stream-'));
    try {
      const file = join(dir, 'package.zip');
      writeFileSync(file, await buffer(zip.stream));
      expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
      const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' });
      expect(listing.split('\n').filter(Boolean)).toEqual(['statement.pdf', 'Zoë/ledger.csv']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('safeFileName', () => {
  it.each([
    ['Smith/Jones LLC: 2024', 'Smith-Jones LLC- 2024'],
    ['..', 'file'],
    ['  .hidden. ', 'hidden'],
    ['a\\b*c?d"e<f>g|h', 'a-b-c-d-e-f-g-h'],
    ['tab\there\nnewline', 'tab-here-newline'],
    ['Zoë Ångström', 'Zoë Ångström'],
    ['CON', '_CON'],
    ['nul.pdf', '_nul.pdf'],
    ['Console', 'Console'],
    ['', 'file'],
  ])('%j → %j', (text, safe) => {
    expect(safeFileName(text)).toBe(safe);
  });

  it('keeps names to 120 characters without halving a character', () => {
    expect(Array.from(safeFileName('🏠'.repeat(200)))).toHaveLength(120);
  });
});

describe('uniqueNames', () => {
  it('keeps names apart that a file system would take for one', () => {
    const name = uniqueNames();
    expect([name('Statement Smith-Jones', '.pdf'), name('Statement Smith-Jones', '.pdf'), name('statement smith-jones', '.pdf'), name('Other', '.pdf')]).toEqual([
      'Statement Smith-Jones.pdf', 'Statement Smith-Jones (2).pdf', 'statement smith-jones (3).pdf', 'Other.pdf',
    ]);
  });
});
