import type { HeroVideo } from '../../../shared/landing';
import { vimeoId, youtubeId } from '../../../shared/podcasts';

/** HERO_VIDEO_URL as the web app plays it: a YouTube or Vimeo link becomes the host's embed
 * (loaded only when the visitor presses play); anything else is a video file. */
export function heroVideoOf(url: string | undefined): HeroVideo | null {
  if (!url) return null;
  const youtube = youtubeId(url);
  if (youtube) return { kind: 'embed', src: `https://www.youtube-nocookie.com/embed/${youtube}` };
  const vimeo = vimeoId(url);
  if (vimeo) return { kind: 'embed', src: `https://player.vimeo.com/video/${vimeo}` };
  return { kind: 'file', src: url };
}
