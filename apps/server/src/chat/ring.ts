/**
 * The new-message ring (spec 7 HttpIndex/ring): a short two-note chime, made once as 16-bit mono
 * PCM WAV. Generated, so nothing has to be fetched or shipped as a binary.
 */
let ring: Buffer | undefined;

export function ringSound(): Buffer {
  if (ring) return ring;
  const rate = 22_050;
  const notes = [
    { hz: 880, seconds: 0.12 },
    { hz: 1318.5, seconds: 0.22 },
  ];
  const samples = notes.reduce((n, note) => n + Math.round(note.seconds * rate), 0);
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(samples * 2, 40);
  let offset = 44;
  for (const note of notes) {
    const count = Math.round(note.seconds * rate);
    for (let i = 0; i < count; i++) {
      // a soft attack and an exponential fade, so the chime does not click
      const envelope = Math.min(1, i / 200) * Math.exp((-4 * i) / count);
      const value = Math.sin((2 * Math.PI * note.hz * i) / rate) * envelope * 0.5;
      buffer.writeInt16LE(Math.round(value * 32_767), offset);
      offset += 2;
    }
  }
  ring = buffer;
  return ring;
}
