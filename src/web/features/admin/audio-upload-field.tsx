import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Music, Trash2, Upload } from 'lucide-react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { refusalReason } from '../../lib/api';
import {
  AUDIO_ACCEPT,
  AUDIO_TOO_LARGE,
  MAX_AUDIO_BYTES,
  NOT_EPISODE_AUDIO,
  PODCAST_FEED_TEXTS,
  formatDuration,
  type PodcastDetail,
} from '../../../shared/podcasts';

const LABEL = PODCAST_FEED_TEXTS.audioFile;
const looksLikeAudio = (file: File) => /\.(mp3|m4a)$/i.test(file.name) || /^audio\/(mpeg|mp4|x-m4a)$/.test(file.type);
const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * An episode's audio file (issue 36), on its edit form: what is there (type, length, size, and a
 * player to check it), a button to upload or replace it and one to remove it. The server reads
 * the file's type and duration; `onChange` hands the form the episode as it now is.
 */
export function AudioUploadField({
  podcast,
  onUpload,
  onRemove,
}: {
  podcast: PodcastDetail;
  onUpload: (file: File) => Promise<PodcastDetail>;
  onRemove: () => Promise<PodcastDetail>;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [failure, setFailure] = useState<{ title: string; reason: string } | null>(null);
  const uploaded = podcast.mediaBytes !== null && podcast.mediaUrl !== null;

  async function run(kind: 'upload' | 'remove', action: () => Promise<unknown>) {
    setFailure(null);
    setBusy(kind);
    try {
      await action();
    } catch (error) {
      setFailure({ title: `Failed to ${kind} audio file`, reason: refusalReason(error) });
    } finally {
      setBusy(null);
    }
  }

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    if (!looksLikeAudio(file)) return setFailure({ title: 'Failed to upload audio file', reason: NOT_EPISODE_AUDIO });
    if (file.size > MAX_AUDIO_BYTES)
      return setFailure({ title: 'Failed to upload audio file', reason: AUDIO_TOO_LARGE });
    void run('upload', () => onUpload(file));
  }

  return (
    <fieldset className="flex flex-col gap-2" aria-busy={busy !== null} aria-describedby={`${id}-hint`}>
      <legend className="mb-1.5 text-sm font-medium text-fg">{LABEL}</legend>
      <p id={`${id}-hint`} className="text-sm text-fg-muted">
        {PODCAST_FEED_TEXTS.audioHint}
      </p>
      {uploaded ? (
        <div className="flex flex-col gap-2 rounded-lg border border-line bg-surface-2 p-3">
          <p className="flex items-center gap-2 text-sm text-fg">
            <Music aria-hidden="true" className="size-4 text-fg-muted" />
            {podcast.mediaMime === 'audio/mpeg' ? 'MP3' : 'M4A'}
            {podcast.durationSeconds !== null && ` · ${formatDuration(podcast.durationSeconds)}`} ·{' '}
            {size(podcast.mediaBytes!)}
          </p>
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the admin's own check of the file; the episode page carries its transcript */}
          <audio
            controls
            preload="none"
            src={podcast.mediaUrl!}
            className="w-full"
            aria-label={`${LABEL}: ${podcast.title}`}
          />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <input ref={inputRef} type="file" accept={AUDIO_ACCEPT} hidden onChange={handleFile} />
        <Button
          type="button"
          variant="secondary"
          size="sm"
          loading={busy === 'upload'}
          disabled={busy !== null}
          aria-describedby={failure ? `${id}-error` : undefined}
          onClick={() => inputRef.current?.click()}
        >
          <Upload aria-hidden="true" />
          {uploaded ? 'Replace audio file' : 'Upload audio file'}
        </Button>
        {uploaded && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="text-danger-text"
            loading={busy === 'remove'}
            disabled={busy !== null}
            onClick={() => void run('remove', onRemove)}
          >
            <Trash2 aria-hidden="true" />
            Remove audio file
          </Button>
        )}
      </div>
      {failure && (
        <div id={`${id}-error`}>
          <Alert tone="error" title={failure.title}>
            {failure.reason || undefined}
          </Alert>
        </div>
      )}
    </fieldset>
  );
}
