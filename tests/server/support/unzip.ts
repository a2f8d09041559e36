import yauzl from 'yauzl';

/** Every file of a ZIP (read by yauzl, independently of the code that wrote it): name → bytes, in archive order. */
export async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    archive.on('error', reject);
    archive.on('end', () => resolve());
    archive.on('entry', (entry: yauzl.Entry) => {
      archive.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks));
          archive.readEntry();
        });
      });
    });
    archive.readEntry();
  });
  return files;
}
