// Makes the demo podcast's audio files, offline, once: the two spoken episodes (each line of
// setup/seed/episode-scripts.ts spoken by espeak-ng, a pause between lines) with their timed
// transcripts, and the opening theme of the others, all as MP3 (what podcast apps take).
// Needs espeak-ng and lame (Debian: apt-get install espeak-ng lame); the files are committed,
// so neither the seed nor the tests need them. Run: npx tsx scripts/demo-audio.ts

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jingleWav } from './theme-audio';
import { EPISODE_SCRIPTS } from '../src/server/setup/seed/episode-scripts';
import { EPISODE_AUDIO_DIR, JINGLE_EPISODES } from '../src/server/setup/seed/podcasts';
import { formatDuration } from '../src/shared/podcasts';

const work = mkdtempSync(path.join(tmpdir(), 'demo-audio-'));
const PAUSE_SECONDS = 0.6;

/** The PCM samples and rate of a mono 16-bit WAV. */
function readWav(file: string) {
  const bytes = readFileSync(file);
  let at = 12;
  let rate = 0;
  while (at < bytes.length) {
    const id = bytes.toString('ascii', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (id === 'fmt ') rate = bytes.readUInt32LE(at + 12);
    if (id === 'data') return { rate, pcm: bytes.subarray(at + 8, at + 8 + size) };
    at += 8 + size + (size % 2);
  }
  throw new Error(`No audio in ${file}`);
}

function wavFile(rate: number, pcm: Buffer) {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

function toMp3(wav: string, name: string) {
  const out = path.join(EPISODE_AUDIO_DIR, `${name}.mp3`);
  // Mono at 32 kbps: speech stays clear and a minute and a half stays under 400 KB.
  execFileSync('lame', ['--quiet', '-m', 'm', '-b', '32', '--tt', name, wav, out]);
  return out;
}

for (const [name, lines] of Object.entries(EPISODE_SCRIPTS)) {
  const parts: Buffer[] = [];
  const transcript: string[] = [];
  let rate = 0;
  let seconds = 0;
  lines.forEach((line, i) => {
    const file = path.join(work, `${name}-${i}.wav`);
    execFileSync('espeak-ng', ['-v', line.voice, '-s', '160', '-w', file, line.text]);
    const wav = readWav(file);
    rate = wav.rate;
    transcript.push(`[${formatDuration(seconds)}] ${line.speaker}: ${line.text}`);
    const pause = Buffer.alloc(Math.round(rate * PAUSE_SECONDS) * 2);
    parts.push(wav.pcm, pause);
    seconds += wav.pcm.length / 2 / rate + PAUSE_SECONDS;
  });
  const wav = path.join(work, `${name}.wav`);
  writeFileSync(wav, wavFile(rate, Buffer.concat(parts)));
  console.log(toMp3(wav, name), `${seconds.toFixed(1)} s`);
  writeFileSync(path.join(EPISODE_AUDIO_DIR, `${name}.txt`), `${transcript.join('\n')}\n`);
}

for (const index of JINGLE_EPISODES) {
  const wav = path.join(work, `theme-${index + 1}.wav`);
  writeFileSync(wav, jingleWav(index, 30));
  console.log(toMp3(wav, `theme-${index + 1}`));
}
rmSync(work, { recursive: true, force: true });
