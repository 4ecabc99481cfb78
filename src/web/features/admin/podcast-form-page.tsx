import { ArrowLeft } from 'lucide-react';
import { useNavigate, useParams } from '../../lib/router';
import type { z } from 'zod';
import {
  COMING_SOON,
  MEDIA_TYPES,
  MEDIA_TYPE_LABELS,
  PODCAST_NOT_FOUND,
  podcastInput,
  type PodcastDetail,
  PODCAST_DESCRIPTION_MAX,
  PODCAST_TITLE_MAX,
  PODCAST_FEED_TEXTS,
} from '../../../shared/podcasts';
import { useState } from 'react';
import { AudioUploadField } from './audio-upload-field';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { SelectField } from '../../components/select-field';
import { PageSpinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { ApiRequestError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useForm } from '../../lib/form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AdminFormFrame } from '../../components/admin-form-frame';
import { savedState } from '../../components/saved-status';
import { NotFound } from '../../components/not-found';
import { ImageUploadField, useCreateWithImage, usePendingImage, useUploadFailedNotice } from './image-upload-field';
import {
  fromDateInput,
  toDateInput,
  uploadPodcastThumbnail,
  useCreatePodcast,
  usePodcast,
  usePodcastAudio,
  usePodcastThumbnail,
  useUpdatePodcast,
} from './podcasts-api';

// Create and edit a podcast episode (spec 2 sections 2, 3, 5 and 8). One shared schema checks
// the form here and the body on the server; the server's field messages land on the same fields.

type Input = z.input<typeof podcastInput>;
const BACK = paths.adminTab('podcasts');

/** What the form holds. The published date is sent only when it is new or changed, so an edit
 * keeps the episode's exact time. */
function readForm(form: HTMLFormElement, initialDay: string) {
  const data = new FormData(form);
  const text = (field: keyof Input) => String(data.get(field) ?? '');
  const day = text('publishedAt');
  return {
    title: text('title'),
    description: text('description'),
    mediaType: text('mediaType') as Input['mediaType'],
    videoUrl: text('videoUrl'),
    mediaUrl: text('mediaUrl'),
    guests: text('guests'),
    tags: text('tags'),
    transcript: text('transcript'),
    showNotes: text('showNotes'),
    publishedAt: day !== initialDay ? fromDateInput(day) : undefined,
  } satisfies Input;
}

function PodcastForm({
  title,
  submitLabel,
  podcast,
  failure,
  save,
  thumbnail,
  audio,
  notice,
}: {
  title: string;
  submitLabel: string;
  podcast: PodcastDetail | null;
  /** The spec's text when saving fails. */
  failure: string;
  save: (input: Input) => Promise<void>;
  thumbnail: { value: string | null; onUpload: (file: File) => Promise<string>; onRemove: () => Promise<void> };
  /** A saved episode's audio file; a new one gets it from its edit form. */
  audio?: { onUpload: (file: File) => Promise<PodcastDetail>; onRemove: () => Promise<PodcastDetail> };
  notice?: string | null;
}) {
  const initialDay = podcast ? toDateInput(podcast.publishedAt) : '';
  // An upload sets the media type and URL on the server: the fields follow, so saving the form
  // afterwards keeps the file rather than the address typed before it.
  const [media, setMedia] = useState({ type: podcast?.mediaType ?? 'youtube', url: podcast?.mediaUrl ?? '' });
  const follow = (saved: PodcastDetail) => {
    setMedia({ type: saved.mediaType, url: saved.mediaUrl ?? '' });
    return saved;
  };
  const { errors, formError, submitting, handleSubmit, handleInput } = useForm({
    schema: podcastInput,
    values: (form) => readForm(form, initialDay),
    // Sent as typed: the server parses the same schema.
    submit: (_, input) => save(input),
    failure,
    notice,
  });

  return (
    <AdminFormFrame
      title={title}
      backTo={BACK}
      error={formError}
      submitLabel={submitLabel}
      submitting={submitting}
      onSubmit={handleSubmit}
    >
      <div className="space-y-5" onInput={handleInput}>
        <TextField
          label="Title"
          name="title"
          required
          maxLength={PODCAST_TITLE_MAX}
          defaultValue={podcast?.title ?? ''}
          error={errors.title}
        />
        <TextareaField
          label="Description"
          name="description"
          rows={4}
          maxLength={PODCAST_DESCRIPTION_MAX}
          defaultValue={podcast?.description ?? ''}
          error={errors.description}
        />
        <SelectField
          label="Media type"
          name="mediaType"
          value={media.type}
          onChange={(event) => setMedia({ ...media, type: event.target.value as PodcastDetail['mediaType'] })}
          error={errors.mediaType}
        >
          {MEDIA_TYPES.map((type) => (
            <option key={type} value={type}>
              {MEDIA_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Video URL"
          name="videoUrl"
          inputMode="url"
          placeholder="https://www.youtube.com/watch?v=..."
          hint={`The YouTube or Vimeo link; "${COMING_SOON}" (or empty) for an episode that is announced but not out yet.`}
          defaultValue={podcast?.videoUrl ?? ''}
          error={errors.videoUrl}
        />
        <TextField
          label="Media URL"
          name="mediaUrl"
          inputMode="url"
          placeholder="https://"
          hint="For Direct: the address of the audio or video file, or upload an audio file below."
          value={media.url}
          onChange={(event) => setMedia({ ...media, url: event.target.value })}
          error={errors.mediaUrl}
        />
        {podcast && audio ? (
          <AudioUploadField
            podcast={podcast}
            onUpload={async (file) => follow(await audio.onUpload(file))}
            onRemove={async () => follow(await audio.onRemove())}
          />
        ) : (
          <p className="text-sm text-fg-muted">{PODCAST_FEED_TEXTS.audioAfterCreate}</p>
        )}
        <ImageUploadField
          label="Thumbnail"
          value={thumbnail.value}
          onUpload={thumbnail.onUpload}
          onRemove={thumbnail.onRemove}
        />
        <TextField
          label="Guests"
          name="guests"
          hint="Comma-separated, like: Ada Lovelace, Grace Hopper"
          defaultValue={podcast?.guests.join(', ') ?? ''}
          error={errors.guests}
        />
        <TextField
          label="Tags"
          name="tags"
          hint="Comma-separated, like: funding, startups"
          defaultValue={podcast?.tags.join(', ') ?? ''}
          error={errors.tags}
        />
        <TextField
          label="Published date"
          name="publishedAt"
          type="date"
          hint={podcast ? undefined : 'Leave empty to publish now.'}
          defaultValue={initialDay}
          error={errors.publishedAt}
          className="sm:max-w-xs"
        />
        <TextareaField
          label="Show notes"
          name="showNotes"
          rows={6}
          defaultValue={podcast?.showNotes ?? ''}
          error={errors.showNotes}
        />
        <TextareaField
          label="Transcript"
          name="transcript"
          rows={8}
          defaultValue={podcast?.transcript ?? ''}
          error={errors.transcript}
        />
      </div>
    </AdminFormFrame>
  );
}

/** /podcasts/create. A chosen thumbnail waits in the browser until the episode is saved: a
 * cancelled form leaves no file behind. */
export function PodcastCreatePage() {
  const create = useCreatePodcast();
  const thumbnail = usePendingImage();
  // The episode exists even when its thumbnail fails: its edit form can try the image again.
  const createWithThumbnail = useCreateWithImage({
    create: (input: Input) => create.mutateAsync(input),
    upload: uploadPodcastThumbnail,
    editPath: paths.podcastEdit,
    done: BACK,
    saved: 'Podcast created.',
  });

  return (
    <PodcastForm
      title="Create Podcast"
      submitLabel="Create Podcast"
      podcast={null}
      failure="Failed to create podcast"
      save={(input) => createWithThumbnail(input, thumbnail.file)}
      thumbnail={{ value: thumbnail.preview, onUpload: thumbnail.choose, onRemove: thumbnail.clear }}
    />
  );
}

/** /podcasts/:podcastId/edit. The thumbnail is stored (or removed) at once. */
export function PodcastEditPage() {
  const { podcastId = '' } = useParams();
  const navigate = useNavigate();
  const uploadFailed = useUploadFailedNotice();
  const podcast = usePodcast(podcastId);
  const update = useUpdatePodcast(podcastId);
  const thumbnail = usePodcastThumbnail(podcastId);
  const audio = usePodcastAudio(podcastId);
  const notFound = podcast.error instanceof ApiRequestError && podcast.error.status === 404;

  if (notFound) {
    return (
      <NotFound title={PODCAST_NOT_FOUND} text="The podcast you're looking for doesn't exist.">
        <ButtonLink to={BACK}>
          <ArrowLeft aria-hidden="true" />
          Back to Admin Dashboard
        </ButtonLink>
      </NotFound>
    );
  }
  if (podcast.isPending) return <PageSpinner label="Loading podcast" />;
  if (podcast.isError) return <Problem title="Edit Podcast" message="Failed to fetch podcast" />;

  return (
    <PodcastForm
      key={podcast.data.id}
      title="Edit Podcast"
      submitLabel="Save Changes"
      podcast={podcast.data}
      failure="Failed to update podcast"
      notice={uploadFailed}
      save={async (input) => {
        await update.mutateAsync(input);
        await navigate(BACK, { state: savedState('Podcast updated.') });
      }}
      thumbnail={{ value: podcast.data.thumbnailUrl, onUpload: thumbnail.upload, onRemove: thumbnail.remove }}
      audio={{ onUpload: audio.upload, onRemove: audio.remove }}
    />
  );
}

/** A failed load. */
function Problem({ title, message }: { title: string; message?: string }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {message && (
        <Alert tone="error" className="mt-6">
          {message}
        </Alert>
      )}
      <ButtonLink to={BACK} variant="secondary" className="mt-6">
        <ArrowLeft aria-hidden="true" />
        Back to Admin Dashboard
      </ButtonLink>
    </div>
  );
}
