import { useId, useRef, useState, type ChangeEvent } from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { MAX_IMAGE_BYTES, refusalReason as reasonOf } from '../../lib/api';
import { IMAGE_ACCEPT } from '../../../shared/images';

/** The server's multipart limit (files per request). */
const FILES_PER_UPLOAD = 10;

/**
 * A list of images (the gallery, the panelists): thumbnails with a Remove each, and an Add
 * button that takes several files at once. `unsaved` is for a list that takes files only once the
 * event exists (the gallery): its hint says so under the Add button ('Save the event to add
 * gallery images'), and pressing the button shows its error ('Event ID is required for uploading
 * images', the spec's) instead of asking for files that could not be kept.
 */
export function EventImageList({
  label,
  addLabel,
  urls,
  onAdd,
  onRemove,
  unsaved,
  uploadFailedText,
}: {
  label: string;
  addLabel: string;
  urls: string[];
  onAdd: (files: File[]) => Promise<void>;
  onRemove: (url: string) => Promise<void>;
  unsaved?: { hint: string; error: string };
  /** 'Failed to upload images' (several at once) or 'Failed to upload image'. */
  uploadFailedText: string;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ title: string; reason: string } | null>(null);

  async function handleFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setFailure(null);
    if (files.some((f) => !f.type.startsWith('image/'))) {
      setFailure({ title: uploadFailedText, reason: 'Please choose image files only.' });
      return;
    }
    if (files.some((f) => f.size > MAX_IMAGE_BYTES)) {
      setFailure({ title: uploadFailedText, reason: 'Images must be 10 MB or smaller.' });
      return;
    }
    setBusy('add');
    try {
      // The server takes up to 10 files a request: a bigger choice goes up in tens, in turn.
      for (let start = 0; start < files.length; start += FILES_PER_UPLOAD) {
        await onAdd(files.slice(start, start + FILES_PER_UPLOAD));
      }
    } catch (error) {
      setFailure({ title: uploadFailedText, reason: reasonOf(error) });
    } finally {
      setBusy(null);
    }
  }

  async function handleRemove(url: string) {
    setFailure(null);
    setBusy(url);
    try {
      await onRemove(url);
    } catch (error) {
      setFailure({ title: 'Failed to remove image', reason: reasonOf(error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <fieldset className="flex flex-col gap-2" aria-busy={busy !== null}>
      <legend className="mb-1.5 text-sm font-medium text-fg">{label}</legend>
      {urls.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {urls.map((url, i) => (
            <li key={url} className="flex flex-col gap-1">
              <img
                src={url}
                alt={`${label} ${i + 1}`}
                className="aspect-square w-full rounded-lg border border-line bg-surface-2 object-cover"
              />
              <Button
                variant="ghost"
                size="sm"
                className="text-danger-text"
                loading={busy === url}
                disabled={busy !== null}
                aria-label={`Remove ${label.toLowerCase()} ${i + 1}`}
                onClick={() => void handleRemove(url)}
              >
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div>
        {!unsaved && (
          <input
            ref={inputRef}
            id={`${id}-files`}
            type="file"
            accept={IMAGE_ACCEPT}
            multiple
            hidden
            onChange={(event) => void handleFiles(event)}
          />
        )}
        <Button
          variant="secondary"
          size="sm"
          loading={busy === 'add'}
          disabled={busy !== null}
          aria-describedby={[unsaved && `${id}-hint`, failure && `${id}-error`].filter(Boolean).join(' ') || undefined}
          onClick={() => {
            if (unsaved) setFailure({ title: unsaved.error, reason: '' });
            else inputRef.current?.click();
          }}
        >
          <ImagePlus aria-hidden="true" />
          {addLabel}
        </Button>
      </div>
      {unsaved && (
        <p id={`${id}-hint`} className="text-sm text-fg-muted">
          {unsaved.hint}
        </p>
      )}
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
