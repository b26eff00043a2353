import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';

/** Every entry of an archive with its bytes, read with yauzl (an independent reader). */
export function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      archive.on('error', reject);
      archive.on('end', () => resolve(entries));
      archive.on('entry', (entry: yauzl.Entry) => {
        archive.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          buffer(stream).then((bytes) => {
            entries.set(entry.fileName, bytes);
            archive.readEntry();
          }, reject);
        });
      });
      archive.readEntry();
    });
  });
}
