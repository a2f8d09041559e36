/** Samples per block kept while decoding; the blocks are reduced to WAVEFORM_PEAKS at the end. */
const BLOCK = 40;

/** Keeps the peak of every BLOCK samples of a mono f32le stream, whatever the chunk boundaries. */
export class BlockPeaks {
  samples = 0;
  private peaks = new Float32Array(4096);
  private count = 0;
  private current = 0;
  private inBlock = 0;
  private carry: Buffer | null = null;

  push(chunk: Buffer): void {
    let buf = chunk;
    if (this.carry) {
      buf = Buffer.concat([this.carry, chunk]);
      this.carry = null;
    }
    const whole = buf.length - (buf.length % 4);
    for (let off = 0; off < whole; off += 4) {
      const v = Math.abs(buf.readFloatLE(off));
      if (v > this.current && Number.isFinite(v)) this.current = v;
      if (++this.inBlock === BLOCK) this.flush();
    }
    this.samples += whole / 4;
    if (whole < buf.length) this.carry = Buffer.from(buf.subarray(whole));
  }

  private flush(): void {
    if (this.count === this.peaks.length) {
      const bigger = new Float32Array(this.peaks.length * 2);
      bigger.set(this.peaks);
      this.peaks = bigger;
    }
    this.peaks[this.count++] = Math.min(1, this.current);
    this.current = 0;
    this.inBlock = 0;
  }

  /** `n` peaks normalised so the loudest is 1 (silence stays 0), rounded to 3 decimals. */
  reduce(n: number): number[] {
    if (this.inBlock > 0) this.flush();
    const blocks = this.count;
    const out = new Array<number>(n).fill(0);
    if (blocks === 0) return out;
    let max = 0;
    for (let i = 0; i < n; i++) {
      const start = Math.floor((i * blocks) / n);
      const end = Math.max(start + 1, Math.floor(((i + 1) * blocks) / n));
      let peak = 0;
      for (let b = start; b < end && b < blocks; b++) if (this.peaks[b]! > peak) peak = this.peaks[b]!;
      out[i] = peak;
      if (peak > max) max = peak;
    }
    return max > 0 ? out.map((v) => Math.round((v / max) * 1000) / 1000) : out;
  }
}
