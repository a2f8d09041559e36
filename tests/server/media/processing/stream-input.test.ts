import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProcessor } from '../../../../server/media/processing/processor.ts';
import { ffmpeg, tempDir } from '../../support/media-fixtures.ts';

/**
 * ffmpeg reading a stored original as a stream on its stdin (object storage, where a local copy would
 * be a second full copy): a header check of any container, a decode of one read once through.
 */
describe('ffmpeg reading the original from a stream', () => {
  const processor = createProcessor({});
  let dir: string;

  beforeAll(async () => {
    dir = await tempDir();
    const picture = ['-f', 'lavfi', '-i', 'testsrc=duration=4:size=160x120:rate=25'];
    await Promise.all([
      // Without +faststart the index (moov) follows the samples: the header is at the end.
      ffmpeg([...picture, '-c:v', 'libx264', '-preset', 'ultrafast', path.join(dir, 'index-last.mp4')]),
      ffmpeg([...picture, '-c:v', 'libvpx', path.join(dir, 'clip.webm')]),
      ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'libopus', path.join(dir, 'tone.webm')]),
      ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'libopus', path.join(dir, 'one.webm')]),
      ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-c:a', 'libvorbis', path.join(dir, 'three.ogg')]),
    ]);
  });

  it('checks the header of an MP4 whose index comes after the samples', async () => {
    const file = path.join(dir, 'index-last.mp4');
    const bytes = readFileSync(file);
    expect(bytes.indexOf('moov')).toBeGreaterThan(bytes.indexOf('mdat'));
    await expect(processor.checkVideo({ open: () => createReadStream(file), container: 'mp4' })).resolves.toBeUndefined();
  });

  it('refuses, from a stream as from a file, an upload with no video in it', async () => {
    const open = () => createReadStream(path.join(dir, 'tone.webm'));
    await expect(processor.checkVideo({ open, container: 'webm' })).rejects.toThrow('no video stream');
  });

  it('stops reading a stream once the header is known, and lets it go', async () => {
    let stream: Readable | undefined;
    const open = () => (stream = createReadStream(path.join(dir, 'clip.webm'), { highWaterMark: 1024 }));
    await processor.checkVideo({ open, container: 'webm' });
    expect(stream!.destroyed).toBe(true);
  });

  it('decodes audio from a stream: duration and peaks', async () => {
    const analysis = await processor.analyzeAudio({ open: () => createReadStream(path.join(dir, 'tone.webm')), container: 'webm' });
    expect(analysis.duration).toBeGreaterThan(1.9);
    expect(analysis.duration).toBeLessThan(2.1);
    expect(analysis.peaks.some((p) => p > 0.5)).toBe(true);
  });

  it('decodes streams and files processed together, each into its own duration and MP3', async () => {
    const stream = (name: string) => ({ open: () => createReadStream(path.join(dir, name)) });
    const inputs = [
      { ...stream('one.webm'), container: 'webm', seconds: 1 },
      { path: path.join(dir, 'tone.webm'), container: 'webm', seconds: 2 },
      { ...stream('three.ogg'), container: 'ogg', seconds: 3 },
    ];
    const results = await Promise.all(
      inputs.map(async (input, i) => {
        const mp3Output = path.join(dir, `together-${i}.mp3`);
        return { ...(await processor.analyzeAudio(input, { mp3Output, batch: true })), mp3Output };
      }),
    );
    results.forEach((r, i) => {
      expect(Math.abs(r.duration - inputs[i]!.seconds)).toBeLessThan(0.1);
      expect(readFileSync(r.mp3Output).length).toBeGreaterThan(inputs[i]!.seconds * 8000);
    });
  });

  it('fails the run with the storage’s error when the stream breaks midway', async () => {
    const bytes = readFileSync(path.join(dir, 'tone.webm'));
    const breaking = () =>
      new Readable({
        read() {
          this.push(bytes.subarray(0, 2000));
          this.destroy(Object.assign(new Error('bucket unreachable'), { code: 'ECONNRESET' }));
        },
      });
    await expect(processor.analyzeAudio({ open: breaking, container: 'webm' })).rejects.toThrow('bucket unreachable');
  });
});
