import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '../../lib/router';
import { ArrowLeft, Clock3, ExternalLink, Play } from 'lucide-react';
import type { Episode, EpisodeResponse } from '../../../shared/podcasts';
import {
  EPISODE_TEXTS,
  PODCAST_NOT_FOUND,
  formatDuration,
  isComingSoon,
  transcriptLines,
} from '../../../shared/podcast-texts';
import { youtubeId } from '../../../shared/video-links';
import { ButtonLink } from '../../components/button';
import { LoadError } from '../../components/load-error';
import { NotFound } from '../../components/not-found';
import { RichText } from '../../components/rich-text';
import { Skeleton } from '../../components/skeleton';
import { textLinkClasses } from '../../components/text-link';
import { ApiRequestError, api } from '../../lib/api';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { formatLongDate } from '../../lib/site-dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PodcastMedia, playsHere } from './podcast-media';

// An episode's own page (issue 36), /podcasts/:podcastId: the player, the guests (linked to
// their profiles when they are members), the description, the show notes (sanitised by the
// server) and the transcript, whose times seek the player when the episode is a file of ours.

/** The app's not-found screen's title (app/error-page.tsx), for an episode that is not there. */
const PAGE_NOT_FOUND = 'Page not found';
const frame = 'mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12';
const isMissing = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

function useEpisode(id: string) {
  return useQuery({
    queryKey: ['podcasts', 'episode', id],
    queryFn: ({ signal }) =>
      api.get<EpisodeResponse>(`/api/podcasts/${encodeURIComponent(id)}/episode`, signal).then((r) => r.episode),
    // Missing is the answer, not a hiccup to try again.
    retry: (count, error) => !isMissing(error) && count < 2,
  });
}

function BackLink() {
  return (
    <Link
      to={paths.podcasts}
      className="inline-flex min-h-6 items-center gap-1.5 rounded-md text-sm font-medium text-fg-muted hover:text-fg"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {EPISODE_TEXTS.back}
    </Link>
  );
}

export function EpisodePage() {
  const { podcastId = '' } = useParams();
  const episode = useEpisode(podcastId);
  const missing = isMissing(episode.error);
  useDocumentTitle(episode.data?.title ?? (missing ? PAGE_NOT_FOUND : 'Podcast'));

  if (missing) {
    return (
      <NotFound title={PAGE_NOT_FOUND} text={PODCAST_NOT_FOUND}>
        <ButtonLink to={paths.podcasts}>
          <ArrowLeft aria-hidden="true" />
          {EPISODE_TEXTS.back}
        </ButtonLink>
      </NotFound>
    );
  }
  if (episode.isError) {
    return (
      <div className={frame}>
        <BackLink />
        <LoadError title="Failed to fetch podcast" query={episode} className="mt-6" retryLabel="Try again" />
      </div>
    );
  }
  if (!episode.data) {
    return (
      <div className={frame} role="status">
        <span className="sr-only">Loading the episode</span>
        <Skeleton className="h-5 w-24" />
        <Skeleton className="mt-6 h-10 w-3/4" />
        <Skeleton className="mt-4 h-5 w-1/3" />
        <Skeleton className="mt-8 aspect-video w-full" />
      </div>
    );
  }
  return <EpisodeArticle episode={episode.data} />;
}

function EpisodeArticle({ episode }: { episode: Episode }) {
  const media = useRef<HTMLMediaElement>(null);
  const seekable = playsHere(episode);
  const youtube = youtubeId(episode.videoUrl);
  const seek = (seconds: number) => {
    const player = media.current;
    if (!player) return;
    player.currentTime = seconds;
    void player.play().catch(() => undefined);
    player.focus();
  };

  return (
    <article className={frame}>
      <BackLink />
      <header className="mt-6">
        <h1 className="text-3xl font-semibold tracking-tight text-balance text-fg sm:text-4xl">{episode.title}</h1>
        <p className="mt-3 inline-flex items-center gap-1.5 text-sm text-fg-muted">
          <Clock3 className="size-4" aria-hidden="true" />
          <time dateTime={episode.publishedAt}>{formatLongDate(episode.publishedAt)}</time>
          {episode.durationSeconds !== null && (
            <>
              <span aria-hidden="true">·</span>
              <span className="sr-only">Length</span>
              <time dateTime={`PT${episode.durationSeconds}S`}>{formatDuration(episode.durationSeconds)}</time>
            </>
          )}
        </p>
      </header>

      <div className="mt-6 overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
        <PodcastMedia podcast={episode} sizes="(min-width: 768px) 720px, calc(100vw - 2rem)" mediaRef={media} />
      </div>
      {youtube && !isComingSoon(episode) && (
        <a
          href={`https://www.youtube.com/watch?v=${youtube}`}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(textLinkClasses, 'mt-3 inline-flex min-h-6 items-center gap-1.5 text-sm')}
        >
          Watch on YouTube
          <span className="sr-only"> (opens in a new tab)</span>
          <ExternalLink className="size-4" aria-hidden="true" />
        </a>
      )}

      {episode.guestProfiles.length > 0 && (
        <section aria-labelledby="episode-guests" className="mt-8">
          <h2 id="episode-guests" className="text-lg font-semibold text-fg">
            {EPISODE_TEXTS.guests}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
            {episode.guestProfiles.map((guest) => (
              <li key={guest.name}>
                {guest.username ? (
                  <Link
                    to={paths.profile(guest.username)}
                    className={cn(textLinkClasses, 'inline-flex min-h-6 items-center')}
                  >
                    {guest.name}
                  </Link>
                ) : (
                  <span className="text-fg">{guest.name}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      {episode.description && <p className="mt-8 text-lg text-fg-muted">{episode.description}</p>}

      {episode.showNotesHtml && (
        <section aria-labelledby="episode-notes" className="mt-10">
          <h2 id="episode-notes" className="text-xl font-semibold text-fg">
            {EPISODE_TEXTS.showNotes}
          </h2>
          {/* Sanitised by the server. */}
          <RichText html={episode.showNotesHtml} className="mt-3" />
        </section>
      )}

      <section aria-labelledby="episode-transcript" className="mt-10">
        <h2 id="episode-transcript" className="text-xl font-semibold text-fg">
          {EPISODE_TEXTS.transcript}
        </h2>
        {episode.transcript ? (
          <ol className="mt-3 space-y-3">
            {transcriptLines(episode.transcript).map((line, i) => (
              <li key={i} className="flex gap-3 text-fg">
                {line.stamp !== null &&
                  (seekable && line.seconds !== null ? (
                    <button
                      type="button"
                      onClick={() => seek(line.seconds!)}
                      aria-label={EPISODE_TEXTS.playFrom(line.stamp)}
                      className={cn(
                        textLinkClasses,
                        'inline-flex min-h-6 shrink-0 items-start gap-1 font-mono text-sm tabular-nums',
                      )}
                    >
                      <Play className="mt-0.5 size-3.5" aria-hidden="true" />
                      {line.stamp}
                    </button>
                  ) : (
                    <span className="shrink-0 font-mono text-sm text-fg-muted tabular-nums">{line.stamp}</span>
                  ))}
                <span>{line.text}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-3 text-fg-muted">{EPISODE_TEXTS.noTranscript}</p>
        )}
      </section>
    </article>
  );
}
