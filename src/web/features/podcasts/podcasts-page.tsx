import { useDeferredValue, useEffect } from 'react';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { Clock3, ExternalLink, Mic, Users } from 'lucide-react';
import {
  PODCASTS_EMPTY,
  isComingSoon,
  vimeoId,
  youtubeId,
  youtubeThumbnail,
  type Podcast,
  type PodcastsResponse,
} from '../../../shared/podcasts';
import { ClickToPlay } from '../../components/click-to-play';
import { EmptyState } from '../../components/empty-state';
import { SearchField } from '../../components/search-field';
import { Skeleton } from '../../components/skeleton';
import { LoadError } from '../../components/load-error';
import { api } from '../../lib/api';
import { responsiveImage } from '../../lib/responsive-image';
import { formatDate } from '../../lib/site-dates';
import { useDocumentTitle } from '../../lib/use-document-title';

/** An episode card's width: two columns from md (72rem container), else the page's width. */
const PODCAST_SIZES = '(min-width: 768px) 540px, calc(100vw - 2rem)';
const AUDIO_FILE = /\.(mp3|m4a|aac|wav|oga|ogg|opus|flac)(\?|#|$)/i;

function usePodcasts(q: string) {
  return useQuery({
    queryKey: ['podcasts', q],
    queryFn: () => api.get<PodcastsResponse>(`/api/podcasts${q ? `?q=${encodeURIComponent(q)}` : ''}`),
    placeholderData: keepPreviousData,
  });
}

export function PodcastsPage() {
  useDocumentTitle('Podcast');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const list = usePodcasts(q);
  // The list renders at transition priority, in slices the browser can interrupt: the query's
  // own update is synchronous and held a phone's main thread for the whole list at once.
  const podcasts = useDeferredValue(list.data)?.podcasts;
  // A search hit links to one episode (#podcast-<id>): bring its card into view once it is listed.
  const { hash } = useLocation();
  const linked = podcasts?.some((podcast) => `#podcast-${podcast.id}` === hash);
  useEffect(() => {
    if (!linked) return;
    // After the layout's scroll to the top, which runs after this screen's effects.
    const frame = requestAnimationFrame(() => document.getElementById(hash.slice(1))?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, [linked, hash]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-semibold tracking-tight text-fg sm:text-4xl">Power Mixer Podcast</h1>
        <p className="mt-3 text-lg text-fg-muted">
          Conversations with the founders, brokers, lenders and builders shaping Charlotte.
        </p>
      </header>

      <div role="search" aria-label="Podcasts" className="mt-8 max-w-xl">
        <SearchField
          label="Search podcasts by title, description or guest"
          placeholder="Search episodes, topics or guests..."
          value={q}
          onSearch={(next) => setParams(next ? { q: next } : {}, { replace: true })}
        />
      </div>

      <div className="mt-8" aria-busy={list.isFetching || undefined}>
        {list.isError ? (
          <LoadError title="Failed to load podcasts" query={list} retryLabel="Try again" />
        ) : !podcasts ? (
          <div role="status" className="grid gap-6 md:grid-cols-2">
            <span className="sr-only">Loading podcasts</span>
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
                <Skeleton className="aspect-video rounded-none" />
                <div className="space-y-3 p-5">
                  <Skeleton className="h-6 w-3/4" />
                  <Skeleton className="h-4 w-1/3" />
                  <Skeleton className="h-4 w-full" />
                  <Skeleton className="h-4 w-5/6" />
                </div>
              </div>
            ))}
          </div>
        ) : podcasts.length === 0 ? (
          <EmptyState icon={Mic} title={PODCASTS_EMPTY} />
        ) : (
          <>
            <p role="status" className="mb-4 text-sm text-fg-muted">
              {podcasts.length === 1 ? '1 episode' : `${podcasts.length} episodes`}
            </p>
            <ul className={`grid gap-6 md:grid-cols-2 ${list.isPlaceholderData ? 'opacity-60' : ''}`}>
              {podcasts.map((podcast) => (
                <li key={podcast.id} id={`podcast-${podcast.id}`} className="flex">
                  <PodcastCard podcast={podcast} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}

function PodcastCard({ podcast }: { podcast: Podcast }) {
  const youtube = youtubeId(podcast.videoUrl);
  const coming = isComingSoon(podcast);
  return (
    <article className="flex flex-1 flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
      <PodcastMedia podcast={podcast} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 className="text-lg leading-snug font-semibold text-fg">{podcast.title}</h2>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-fg-muted">
          <span className="inline-flex items-center gap-1.5">
            <Clock3 className="size-4" aria-hidden="true" />
            <time dateTime={podcast.publishedAt}>{formatDate(podcast.publishedAt)}</time>
          </span>
          {podcast.guests.length > 0 && (
            <span className="inline-flex items-center gap-1.5">
              <Users className="size-4" aria-hidden="true" />
              <span>
                <span className="sr-only">Guests: </span>
                {podcast.guests.join(', ')}
              </span>
            </span>
          )}
        </p>
        {podcast.description && <p className="text-sm text-fg-muted">{podcast.description}</p>}
        {youtube && !coming && (
          <a
            href={`https://www.youtube.com/watch?v=${youtube}`}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-auto inline-flex items-center gap-1.5 self-start rounded-sm pt-1 text-sm font-medium text-link underline-offset-4 hover:underline"
          >
            Watch on YouTube
            <span className="sr-only">: {podcast.title} (opens in a new tab)</span>
            <ExternalLink className="size-4" aria-hidden="true" />
          </a>
        )}
      </div>
    </article>
  );
}

/** A click-to-load YouTube or Vimeo player, a native audio or video player, or "Coming soon". */
function PodcastMedia({ podcast }: { podcast: Podcast }) {
  const title = podcast.title;
  if (isComingSoon(podcast)) {
    return (
      <div className="relative flex aspect-video items-center justify-center overflow-hidden bg-gradient-to-br from-indigo-950 to-zinc-900">
        {podcast.thumbnailUrl && (
          <img
            {...responsiveImage(podcast.thumbnailUrl)}
            sizes={PODCAST_SIZES}
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
              sizes={PODCAST_SIZES}
              alt=""
              loading="lazy"
              className="aspect-video w-full object-cover"
            />
          )}
          {/* No caption track: episodes carry no timed text; the description and show notes do. */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
          <audio controls preload="none" src={podcast.mediaUrl} className="block w-full p-3" aria-label={title}>
            <a href={podcast.mediaUrl}>Download the episode</a>
          </audio>
        </div>
      );
    }
    return (
      // No caption track: episodes carry no timed text; the description and show notes do.
      // eslint-disable-next-line jsx-a11y/media-has-caption
      <video
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
