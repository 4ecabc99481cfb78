// Real, short audio for the demo podcast episodes: a few seconds of a synthesised intro
// jingle per episode, written as a plain 16-bit PCM WAV that every browser plays. The demo
// shows a player only for media that plays (no links to files that do not exist).

const SAMPLE_RATE = 22_050;

/** Semitone offsets of a major arpeggio and its resolution. */
const MELODY = [0, 4, 7, 12, 7, 16, 12];

/** A WAV file of about `seconds` seconds: an arpeggio over a soft chord, in a key per episode. */
export function jingleWav(index: number, seconds = 5): Buffer {
  const root = 220 * 2 ** (((index * 5) % 12) / 12);
  const frames = Math.round(SAMPLE_RATE * seconds);
  const samples = new Float32Array(frames);
  const noteLength = Math.floor(SAMPLE_RATE * 0.32);
  MELODY.forEach((step, n) => {
    const freq = root * 2 ** (step / 12);
    const start = n * noteLength;
    const length = n === MELODY.length - 1 ? frames - start : noteLength * 2;
    for (let i = 0; i < length && start + i < frames; i++) {
      const t = i / SAMPLE_RATE;
      // A plucked tone: quick attack, exponential decay, a touch of the octave.
      const env = Math.min(1, i / 200) * Math.exp(-t * (n === MELODY.length - 1 ? 1.2 : 4));
      samples[start + i]! += env * (Math.sin(2 * Math.PI * freq * t) + 0.3 * Math.sin(4 * Math.PI * freq * t)) * 0.35;
    }
  });
  // The chord underneath, fading in and out over the whole jingle.
  for (let i = 0; i < frames; i++) {
    const t = i / SAMPLE_RATE;
    const env = Math.sin((Math.PI * i) / frames) ** 2 * 0.12;
    for (const step of [0, 4, 7]) samples[i]! += env * Math.sin(2 * Math.PI * (root / 2) * 2 ** (step / 12) * t);
  }
  return encodeWav(samples);
}

/** Mono 16-bit PCM WAV (RIFF) from samples in -1..1. */
function encodeWav(samples: Float32Array): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32_767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // PCM header size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Seconds of audio in a WAV written by jingleWav (for tests and sanity checks). */
export function wavSeconds(file: Buffer): number {
  if (file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WAVE') return 0;
  return file.readUInt32LE(40) / file.readUInt32LE(28);
}
