import { useEffect, useRef, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from '../../components/button';
import { Dialog, DialogClose } from '../../components/dialog';

const STATUS_MS = 4_000;

/** A short status line (role="status"): `announce` shows a text, which clears itself after 4 s. */
export function useAnnouncement() {
  const [status, setStatus] = useState('');
  const clear = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(clear.current), []);
  const announce = (message: string) => {
    clearTimeout(clear.current);
    setStatus(message);
    clear.current = setTimeout(() => setStatus(''), STATUS_MS);
  };
  return { status, announce };
}

/**
 * Replaces one of the member's secrets (the calendar address, the connect code) after a confirm:
 * the old one stops working at once. The dialog stays while the replacement is on its way.
 */
export function RegenerateDialog({
  label,
  description,
  regenerate,
  onRegenerated,
}: {
  /** The action's words: the button, the dialog's title (with "?") and its confirm. */
  label: string;
  description: string;
  regenerate: {
    isPending: boolean;
    mutate: (variables: undefined, options: { onSuccess: () => void; onSettled: () => void }) => void;
  };
  onRegenerated: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const handleRegenerate = () =>
    regenerate.mutate(undefined, { onSuccess: onRegenerated, onSettled: () => setConfirming(false) });

  return (
    <Dialog
      open={confirming}
      onOpenChange={(open) => !regenerate.isPending && setConfirming(open)}
      title={`${label}?`}
      description={description}
      trigger={
        <Button variant="ghost" size="sm">
          <RefreshCw aria-hidden="true" />
          {label}
        </Button>
      }
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary" disabled={regenerate.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="danger" loading={regenerate.isPending} onClick={handleRegenerate}>
            {label}
          </Button>
        </>
      }
    />
  );
}
