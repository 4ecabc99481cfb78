import { useEffect, useState, type ChangeEvent } from 'react';
import { Camera, Trash2 } from 'lucide-react';
import { Alert } from '../../components/alert';
import { Avatar } from '../../components/avatar';
import { Button, buttonClasses } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { ApiRequestError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useRemoveAvatar, useUploadAvatar, type Owner } from './api';
import { IMAGE_ACCEPT } from '../../../shared/images';

export const UPLOAD_ERROR = 'Failed to upload image';
export const REMOVE_ERROR = 'Failed to remove image';

/** The server's own words when it sent some (e.g. "Choose an image to upload."). */
function detail(error: unknown): string | undefined {
  return error instanceof ApiRequestError && error.message ? error.message : undefined;
}

/** The member's picture with upload (progress shown) and remove. */
export function AvatarEditor({ name, owner, avatarUrl }: { name: string; owner: Owner; avatarUrl: string | null }) {
  const [progress, setProgress] = useState(0);
  const upload = useUploadAvatar(owner, setProgress);
  const remove = useRemoveAvatar(owner);
  // The chosen file shows at once while it uploads.
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Let the same file be chosen again after an error.
    event.target.value = '';
    // Not disabled while busy (that would drop keyboard focus); a second pick simply waits its turn.
    if (!file || upload.isPending || remove.isPending) return;
    remove.reset();
    setPreview(file.type.startsWith('image/') ? URL.createObjectURL(file) : null);
    upload.mutate(file, { onSettled: () => setPreview(null) });
  };

  const busy = upload.isPending || remove.isPending;
  const percent = Math.round(progress * 100);

  return (
    <div className="flex shrink-0 flex-col gap-3 md:w-44 md:items-center">
      <div className="flex items-center gap-4 md:flex-col md:gap-3">
        <div className="relative">
          <Avatar name={name} src={preview ?? avatarUrl} size="xl" alt={`${name}'s profile photo`} />
          {upload.isPending && (
            <div className="absolute inset-0 flex items-center justify-center rounded-full bg-black/55 text-sm font-semibold text-white">
              <Spinner className="[&_svg]:size-6" label="Uploading photo" />
            </div>
          )}
        </div>
        <div className="flex flex-col items-start gap-2 md:items-center">
          {upload.isPending && (
            <div
              role="progressbar"
              aria-label="Uploading photo"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-1.5 w-28 overflow-hidden rounded-full bg-surface-2"
            >
              <div
                className="h-full rounded-full bg-brand transition-[width]"
                style={{ width: `${Math.max(percent, 4)}%` }}
              />
            </div>
          )}
          <label
            className={cn(
              buttonClasses('secondary', 'sm'),
              'cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
              busy && 'pointer-events-none opacity-60',
            )}
          >
            <Camera aria-hidden="true" />
            {avatarUrl ? 'Change photo' : 'Upload photo'}
            <input type="file" accept={IMAGE_ACCEPT} className="sr-only" onChange={handleFile} />
          </label>
          {avatarUrl && (
            <Button
              variant="ghost"
              size="sm"
              loading={remove.isPending}
              disabled={busy}
              onClick={() => {
                upload.reset();
                remove.mutate();
              }}
            >
              {!remove.isPending && <Trash2 aria-hidden="true" />}
              Remove photo
            </Button>
          )}
        </div>
      </div>
      {upload.isError && (
        <Alert tone="error" title={UPLOAD_ERROR} className="max-w-xs">
          {detail(upload.error)}
        </Alert>
      )}
      {remove.isError && (
        <Alert tone="error" title={REMOVE_ERROR} className="max-w-xs">
          {detail(remove.error)}
        </Alert>
      )}
    </div>
  );
}
