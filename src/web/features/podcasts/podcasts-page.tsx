import { useDeferredValue } from 'react';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { Link, useSearchParams } from '../../lib/router';
import { Clock3, ExternalLink, Mic, Rss, Users } from 'lucide-react';
import type { Podcast, PodcastsResponse } from '../../../shared/podcasts';
import { PODCASTS_EMPTY, PODCAST_FEED_TEXTS, PODCAST_FEED_URL, isComingSoon } from '../../../shared/podcast-texts';
import { youtubeId } from '../../../shared/video-links';
import { textLinkClasses } from '../../components/text-link';
import { cn } from '../../lib/cn';
import { EmptyState } from '../../components/empty-state';
import { SearchField } from '../../components/search-field';
import { Skeleton } from '../../components/skeleton';
import { LoadError } from '../../components/load-error';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/site-dates';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PodcastMedia } from './podcast-media';

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

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-semibold tracking-tight text-fg sm:text-4xl">Power Mixer Podcast</h1>
        <p className="mt-3 text-lg text-fg-muted">
          Conversations with the founders, brokers, lenders and builders shaping Charlotte.
        </p>
        {/* A document, not a screen of the app: a podcast app takes its address. */}
        <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted">
          <a
            href={PODCAST_FEED_URL}
            type="application/rss+xml"
            className={cn(textLinkClasses, 'inline-flex min-h-6 items-center gap-1.5')}
          >
            <Rss className="size-4" aria-hidden="true" />
            {PODCAST_FEED_TEXTS.follow}
          </a>
          <span>{PODCAST_FEED_TEXTS.hint}</span>
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
                <li key={podcast.id} className="flex">
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
        <h2 className="text-lg leading-snug font-semibold text-fg">
          <Link
            to={paths.podcast(podcast.id)}
            className="rounded-sm underline-offset-4 hover:text-link hover:underline"
          >
            {podcast.title}
          </Link>
        </h2>
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
