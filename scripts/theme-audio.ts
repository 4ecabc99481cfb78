// The show's opening theme, synthesized as a plain 16-bit PCM WAV; scripts/demo-audio.ts makes it
// the MP3 of the demo episodes without voices, whose descriptions say it is an excerpt.

/** 16 kHz is plenty for a few soft tones, and keeps each half-minute file under a megabyte. */
const SAMPLE_RATE = 16_000;

/** The theme's chords (semitones above the key: I, vi, IV, V), four beats each. */
const PROGRESSION = [0, 9, 5, 7];
/** Each chord's arpeggio in eighth notes: root, third, fifth, octave and back. */
const ARPEGGIO = [0, 4, 7, 12, 16, 12, 7, 4];
const MINOR_ARPEGGIO = [0, 3, 7, 12, 15, 12, 7, 3];

/** A WAV file of `seconds` seconds: arpeggios over soft chords and a bass line, in a key per
 * episode, fading in at the start and out at the end. */
export function jingleWav(index: number, seconds = 30): Buffer {
  const key = 220 * 2 ** (((index * 5) % 12) / 12);
  const frames = Math.round(SAMPLE_RATE * seconds);
  const samples = new Float32Array(frames);
  const beat = 0.6; // 100 beats a minute
  const eighth = Math.round((SAMPLE_RATE * beat) / 2);
  const bar = eighth * 8;
  /** A plucked tone: quick attack, exponential decay, a touch of the octave. Sines by rotation
   * and the decay by a factor per sample: a few multiplications a sample, not Math.sin/exp. */
  const tone = (start: number, length: number, freq: number, gain: number, decay: number) => {
    const w = (2 * Math.PI * freq) / SAMPLE_RATE;
    const c1 = Math.cos(w);
    const s1 = Math.sin(w);
    const c2 = Math.cos(2 * w);
    const s2 = Math.sin(2 * w);
    const fall = Math.exp(-decay / SAMPLE_RATE);
    let x1 = 1;
    let y1 = 0;
    let x2 = 1;
    let y2 = 0;
    let env = gain;
    const end = Math.min(length, frames - start);
    for (let i = 0; i < end; i++) {
      samples[start + i]! += env * Math.min(1, i / 200) * (y1 + 0.3 * y2);
      const x1Next = x1 * c1 - y1 * s1;
      y1 = x1 * s1 + y1 * c1;
      x1 = x1Next;
      const x2Next = x2 * c2 - y2 * s2;
      y2 = x2 * s2 + y2 * c2;
      x2 = x2Next;
      env *= fall;
    }
  };
  for (let b = 0; b * bar < frames; b++) {
    const chord = PROGRESSION[b % PROGRESSION.length]!;
    const root = key * 2 ** (chord / 12);
    const notes = chord === 9 ? MINOR_ARPEGGIO : ARPEGGIO;
    notes.forEach((step, n) => tone(b * bar + n * eighth, eighth * 3, root * 2 ** (step / 12), 0.22, 4));
    // The bass on the bar's first and third beats, and the chord held underneath.
    tone(b * bar, eighth * 4, root / 2, 0.3, 1.5);
    tone(b * bar + eighth * 4, eighth * 4, root / 2, 0.22, 1.5);
    for (const step of notes.slice(0, 3)) tone(b * bar, bar, (root / 2) * 2 ** (step / 12), 0.07, 0.4);
  }
  // Fade in over half a second and out over the last three; the loudest moment at 0.8.
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  const gain = peak > 0.8 ? 0.8 / peak : 1;
  for (let i = 0; i < frames; i++) {
    const t = i / SAMPLE_RATE;
    samples[i]! *= gain * Math.min(1, t / 0.5, (seconds - t) / 3);
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
