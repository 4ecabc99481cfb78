import type { Ref } from 'react';
import { Mic } from 'lucide-react';
import type { Podcast } from '../../../shared/podcasts';
import { isComingSoon } from '../../../shared/podcast-texts';
import { vimeoId, youtubeId, youtubeThumbnail } from '../../../shared/video-links';
import { ClickToPlay } from '../../components/click-to-play';
import { responsiveImage } from '../../lib/responsive-image';

// An episode's player, on its card (podcasts-page.tsx) and its own page (episode-page.tsx).

/** An episode card's width: two columns from md (72rem container), else the page's width. */
export const PODCAST_SIZES = '(min-width: 768px) 540px, calc(100vw - 2rem)';

const AUDIO_FILE = /\.(mp3|m4a|aac|wav|oga|ogg|opus|flac)(\?|#|$)/i;

/** Whether the episode plays in our own player (a file), which a transcript's times can seek. */
export const playsHere = (podcast: Pick<Podcast, 'mediaType' | 'mediaUrl' | 'videoUrl'>) =>
  podcast.mediaType === 'direct' && !!podcast.mediaUrl && !isComingSoon(podcast);

/** A click-to-load YouTube or Vimeo player, a native audio or video player, or "Coming soon". */
export function PodcastMedia({
  podcast,
  sizes = PODCAST_SIZES,
  mediaRef,
}: {
  podcast: Podcast;
  sizes?: string;
  /** The audio or video element, when the episode is a file (to seek it). */
  mediaRef?: Ref<HTMLMediaElement>;
}) {
  const title = podcast.title;
  if (isComingSoon(podcast)) {
    return (
      <div className="relative flex aspect-video items-center justify-center overflow-hidden bg-gradient-to-br from-indigo-950 to-zinc-900">
        {podcast.thumbnailUrl && (
          <img
            {...responsiveImage(podcast.thumbnailUrl)}
            sizes={sizes}
            alt=""
            loading="lazy"
            className="absolute inset-0 size-full object-cover opacity-40 blur-[2px]"
          />
        )}
        <p className="relative inline-flex items-center gap-2 rounded-full bg-black/75 px-4 py-2 font-semibold text-white shadow-lg">
          <Mic className="size-5" aria-hidden="true" />
          Coming soon
        </p>
      </div>
    );
  }

  if (podcast.mediaType === 'youtube') {
    const id = youtubeId(podcast.videoUrl);
    if (id) {
      return (
        <ClickToPlay
          src={`https://www.youtube-nocookie.com/embed/${id}`}
          title={title}
          poster={podcast.thumbnailUrl ?? youtubeThumbnail(id)}
          className="rounded-none"
        />
      );
    }
  }

  if (podcast.mediaType === 'vimeo') {
    const id = vimeoId(podcast.videoUrl);
    if (id) {
      return (
        <ClickToPlay
          src={`https://player.vimeo.com/video/${id}`}
          title={title}
          poster={podcast.thumbnailUrl}
          className="rounded-none"
        />
      );
    }
  }

  if (podcast.mediaType === 'direct' && podcast.mediaUrl) {
    if (AUDIO_FILE.test(podcast.mediaUrl)) {
      return (
        <div className="bg-surface-2">
          {podcast.thumbnailUrl && (
            <img
              {...responsiveImage(podcast.thumbnailUrl)}
              sizes={sizes}
              alt=""
              loading="lazy"
              className="aspect-video w-full object-cover"
            />
          )}
          {/* No caption track: episodes carry no timed text; the description and show notes do. */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
          <audio
            ref={mediaRef as Ref<HTMLAudioElement>}
            controls
            preload="none"
            src={podcast.mediaUrl}
            className="block w-full p-3"
            aria-label={title}
          >
            <a href={podcast.mediaUrl}>Download the episode</a>
          </audio>
        </div>
      );
    }
    return (
      // No caption track: episodes carry no timed text; the description and show notes do.
      // eslint-disable-next-line jsx-a11y/media-has-caption
      <video
        ref={mediaRef as Ref<HTMLVideoElement>}
        controls
        preload="none"
        src={podcast.mediaUrl}
        poster={podcast.thumbnailUrl ?? undefined}
        className="aspect-video w-full bg-black"
        aria-label={title}
      >
        <a href={podcast.mediaUrl}>Download the episode</a>
      </video>
    );
  }

  // A link the player does not recognise: send people to it rather than show nothing.
  const link = podcast.videoUrl ?? podcast.mediaUrl;
  return (
    <div className="flex aspect-video items-center justify-center bg-surface-2">
      {link && (
        <a href={link} target="_blank" rel="noopener noreferrer" className="text-sm font-medium text-link underline">
          Open the episode
          <span className="sr-only">: {title} (opens in a new tab)</span>
        </a>
      )}
    </div>
  );
}
