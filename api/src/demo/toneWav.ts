/** A WAV of `seconds` of a soft arpeggio (8 kHz, 16-bit mono): the demo tracks' audio, made here. */
export function toneWav(seconds: number, rootHz: number): Buffer {
  const rate = 8000;
  const samples = Math.round(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  const steps = [1, 5 / 4, 3 / 2, 2]; // a major chord, one note every quarter second
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const note = steps[Math.floor(t * 4) % steps.length]!;
    const fade = Math.min(1, ((t * 4) % 1) * 20, (1 - ((t * 4) % 1)) * 4);
    data.writeInt16LE(Math.round(6000 * fade * Math.sin(2 * Math.PI * rootHz * note * t)), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
