import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { ImageIcon, Trash2, Upload } from 'lucide-react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { savedState } from '../../components/saved-status';
import { MAX_IMAGE_BYTES, refusalReason as reasonOf } from '../../lib/api';
import { IMAGE_ACCEPT } from '../../../shared/images';

/**
 * One image of an item (a sponsor's logo, a podcast's thumbnail, an event's image): a preview,
 * a button to choose or replace the file, and one to remove it. The owner decides what an
 * upload means (`onUpload` resolves to the URL to preview) and what removing does.
 * Texts (spec 2 section 8): 'Failed to upload image', 'Failed to remove image'.
 */
export function ImageUploadField({
  label,
  value,
  onUpload,
  onRemove,
}: {
  label: string;
  value: string | null;
  onUpload: (file: File) => Promise<string>;
  onRemove: () => Promise<void>;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [failure, setFailure] = useState<{ title: string; reason: string } | null>(null);

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    setFailure(null);
    if (!file.type.startsWith('image/')) {
      setFailure({ title: 'Failed to upload image', reason: 'Please choose an image file.' });
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setFailure({ title: 'Failed to upload image', reason: 'Images must be 10 MB or smaller.' });
      return;
    }
    setBusy('upload');
    try {
      await onUpload(file);
    } catch (error) {
      setFailure({ title: 'Failed to upload image', reason: reasonOf(error) });
    } finally {
      setBusy(null);
    }
  }

  async function handleRemove() {
    setFailure(null);
    setBusy('remove');
    try {
      await onRemove();
    } catch (error) {
      setFailure({ title: 'Failed to remove image', reason: reasonOf(error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <fieldset className="flex flex-col gap-2" aria-busy={busy !== null}>
      <legend className="mb-1.5 text-sm font-medium text-fg">{label}</legend>
      <div className="flex flex-wrap items-center gap-4">
        {value ? (
          <img
            src={value}
            alt={`${label} preview`}
            className="size-28 rounded-lg border border-line bg-surface-2 object-contain"
          />
        ) : (
          <div
            className="flex size-28 items-center justify-center rounded-lg border border-dashed border-line-strong text-fg-muted"
            aria-hidden="true"
          >
            <ImageIcon className="size-8" />
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <input
            ref={inputRef}
            id={`${id}-file`}
            type="file"
            accept={IMAGE_ACCEPT}
            hidden
            onChange={(event) => void handleFile(event)}
          />
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
            {value ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
          </Button>
          {value && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="text-danger-text"
              loading={busy === 'remove'}
              disabled={busy !== null}
              onClick={() => void handleRemove()}
            >
              <Trash2 aria-hidden="true" />
              Remove {label.toLowerCase()}
            </Button>
          )}
        </div>
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

/** An image chosen for an item that is not saved yet: kept in the browser (with a preview) and
 * uploaded by the owner after the first save, so a cancelled form leaves no file behind. */
export function usePendingImage() {
  const [pending, setPending] = useState<{ file: File; preview: string } | null>(null);
  const latest = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (latest.current) URL.revokeObjectURL(latest.current);
    },
    [],
  );

  const replace = (next: { file: File; preview: string } | null) => {
    if (latest.current) URL.revokeObjectURL(latest.current);
    latest.current = next?.preview ?? null;
    setPending(next);
  };

  return {
    file: pending?.file ?? null,
    preview: pending?.preview ?? null,
    choose: async (file: File) => {
      const preview = URL.createObjectURL(file);
      replace({ file, preview });
      return preview;
    },
    clear: async () => replace(null),
  };
}

/**
 * Saves a new item, then the image chosen for it (usePendingImage). When the image fails, the item
 * is saved all the same: the admin goes on in its edit form, which says so (useUploadFailedNotice)
 * and can try the image again; otherwise back to `done`, which says `saved`.
 */
export function useCreateWithImage<I, T extends { id: string }>({
  create,
  upload,
  editPath,
  done,
  saved,
}: {
  create: (input: I) => Promise<T>;
  upload: (id: string, file: File) => Promise<unknown>;
  editPath: (id: string) => string;
  done: string;
  /** What `done` says once there ('Sponsor created.'). */
  saved: string;
}) {
  const navigate = useNavigate();
  return async (input: I, file: File | null) => {
    const item = await create(input);
    if (file) {
      try {
        await upload(item.id, file);
      } catch {
        await navigate(editPath(item.id), { replace: true, state: { uploadFailed: true } });
        return;
      }
    }
    await navigate(done, { state: savedState(saved) });
  };
}

/** The edit form's notice after useCreateWithImage's image failed; null otherwise. */
export function useUploadFailedNotice(): string | null {
  const location = useLocation();
  return (location.state as { uploadFailed?: boolean } | null)?.uploadFailed ? 'Failed to upload image' : null;
}
