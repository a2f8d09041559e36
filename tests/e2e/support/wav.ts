/** A 16-bit mono PCM WAV at `rate` samples a second: its 44-byte header, then `samples`. */
export function monoWav(rate: number, samples: ArrayLike<number>): Buffer {
  const size = samples.length * 2;
  const wav = Buffer.alloc(44 + size);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + size, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(size, 40);
  for (let i = 0; i < samples.length; i++) wav.writeInt16LE(samples[i]!, 44 + i * 2);
  return wav;
}

/** `seconds` of a sine tone of `hz` peaking at `amplitude`, as samples at `rate`. */
export function sineSamples(rate: number, seconds: number, hz: number, amplitude: number): Int16Array {
  return Int16Array.from({ length: Math.round(seconds * rate) }, (_, i) => Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / rate)));
}
