import { parseBuffer } from 'music-metadata';
import { unprocessable } from '../../platform/errors';
import { NOT_EPISODE_AUDIO } from '../../../shared/podcasts';

// An episode's audio file (issue 36): MP3 or M4A, the two Apple Podcasts takes for audio. It is
// stored as uploaded (re-encoding speech would only lose quality); what the feed needs of it (its
// type, length and duration) is read from the bytes here, never from what the browser claimed.

export interface EpisodeAudio {
  mime: 'audio/mpeg' | 'audio/x-m4a';
  extension: 'mp3' | 'm4a';
  durationSeconds: number;
}

/** An MP3 opens with its ID3 tag or straight with an MPEG audio frame; an M4A with its `ftyp` box. */
function kindOf(bytes: Buffer): 'mp3' | 'm4a' | null {
  if (bytes.length < 12) return null;
  if (bytes.toString('latin1', 0, 3) === 'ID3') return 'mp3';
  if (bytes[0] === 0xff && (bytes[1]! & 0xe6) === 0xe2) return 'mp3'; // frame sync, layer III
  if (bytes.toString('latin1', 4, 8) === 'ftyp') return 'm4a';
  return null;
}

/** The file's type and whole seconds, or a 422 with NOT_EPISODE_AUDIO when it is not an MP3 or
 * M4A that plays for at least a second. */
export async function readEpisodeAudio(bytes: Buffer): Promise<EpisodeAudio> {
  const kind = kindOf(bytes);
  if (!kind) throw unprocessable('NOT_EPISODE_AUDIO', NOT_EPISODE_AUDIO);
  const format = await parseBuffer(bytes, { size: bytes.length }, { duration: true, skipCovers: true })
    .then((m) => m.format)
    .catch(() => null);
  const audio = kind === 'mp3' ? format?.container === 'MPEG' : format?.hasAudio !== false && !format?.hasVideo;
  const seconds = format?.duration;
  if (!audio || !seconds || !Number.isFinite(seconds) || seconds < 1) {
    throw unprocessable('NOT_EPISODE_AUDIO', NOT_EPISODE_AUDIO);
  }
  return {
    mime: kind === 'mp3' ? 'audio/mpeg' : 'audio/x-m4a',
    extension: kind,
    durationSeconds: Math.round(seconds),
  };
}
