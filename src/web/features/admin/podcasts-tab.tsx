import { Pencil } from 'lucide-react';
import { MEDIA_TYPE_LABELS } from '../../../shared/podcasts';
import { Badge } from '../../components/badge';
import { ButtonLink } from '../../components/button';
import { paths } from '../../lib/paths';
import { AdminList } from './admin-list';
import { formatPublished, useDeletePodcast, usePodcasts } from './podcasts-api';

/** The Podcasts tab (spec 2 section 2): newest published first. */
export default function PodcastsTab() {
  const podcasts = usePodcasts();
  const remove = useDeletePodcast();

  return (
    <AdminList
      tab="podcasts"
      createHref={paths.podcastCreate}
      createLabel="Create Podcast"
      query={podcasts}
      items={podcasts.data}
      itemName={(podcast) => podcast.title}
      onDelete={(podcast) => remove.mutateAsync(podcast)}
      renderItem={(podcast) => (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <div className="min-w-0 flex-1">
            <p className="font-medium text-fg">{podcast.title}</p>
            <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-fg-muted">
              <time dateTime={podcast.publishedAt}>{formatPublished(podcast.publishedAt)}</time>
              <Badge>{MEDIA_TYPE_LABELS[podcast.mediaType]}</Badge>
            </p>
          </div>
          <ButtonLink
            to={paths.podcastEdit(podcast.id)}
            variant="secondary"
            size="sm"
            aria-label={`Edit ${podcast.title}`}
          >
            <Pencil aria-hidden="true" />
            Edit
          </ButtonLink>
        </div>
      )}
    />
  );
}
