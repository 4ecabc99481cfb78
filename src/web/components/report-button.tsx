import { useId, useState, type FormEvent } from 'react';
import { Flag } from 'lucide-react';
import {
  REPORT_REASON_MAX,
  REPORT_SUBMITTED,
  REPORT_SUBMIT_ERROR,
  reportReason,
  type ReportReceipt,
  type ReportTargetType,
} from '../../shared/moderation';
import { api, errorMessage } from '../lib/api';
import { cn } from '../lib/cn';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog, DialogClose } from './dialog';
import { TextareaField } from './textarea-field';

const NOUN: Record<ReportTargetType, string> = { post: 'post', reply: 'reply', message: 'message' };

/**
 * "Report" for a forum post, a reply or a direct message: a dialog asks for a reason and sends
 * it to the admins (POST /api/reports). Reporting the same item again is harmless.
 * `appearance="icon"` is a small icon button for tight rows (message bubbles, reply footers).
 */
export function ReportButton({
  targetType,
  targetId,
  appearance = 'button',
  className,
}: {
  targetType: ReportTargetType;
  targetId: string;
  appearance?: 'button' | 'icon';
  className?: string;
}) {
  const noun = NOUN[targetType];
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);

  function handleOpenChange(next: boolean) {
    if (sending) return;
    setOpen(next);
    if (next) {
      setReason('');
      setFieldError(undefined);
      setSubmitError(null);
      setDone(false);
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = reportReason.safeParse(reason);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    setSubmitError(null);
    setSending(true);
    try {
      await api.post<ReportReceipt>('/api/reports', { targetType, targetId, reason: parsed.data });
      setDone(true);
    } catch (error) {
      setSubmitError(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  const trigger =
    appearance === 'icon' ? (
      <button
        type="button"
        aria-label={`Report ${noun}`}
        title={`Report ${noun}`}
        className={cn(
          'inline-flex size-7 items-center justify-center rounded-md text-fg-muted transition-colors hover:bg-surface-2 hover:text-danger-text',
          className,
        )}
      >
        <Flag className="size-3.5" aria-hidden="true" />
      </button>
    ) : (
      <Button variant="ghost" size="sm" className={className}>
        <Flag aria-hidden="true" />
        Report
        <span className="sr-only"> {noun}</span>
      </Button>
    );

  return (
    <Dialog
      open={open}
      onOpenChange={handleOpenChange}
      trigger={trigger}
      title={`Report this ${noun}`}
      description={done ? undefined : 'Tell the admins what is wrong with it. Only admins see your report.'}
      footer={
        done ? (
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
        ) : (
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={sending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" form={formId} loading={sending}>
              Send report
            </Button>
          </>
        )
      }
    >
      {done ? (
        <Alert tone="success">{REPORT_SUBMITTED}</Alert>
      ) : (
        <form id={formId} noValidate onSubmit={(event) => void handleSubmit(event)} className="space-y-3">
          {submitError && (
            <Alert tone="error" title={REPORT_SUBMIT_ERROR}>
              {submitError}
            </Alert>
          )}
          <TextareaField
            name="reason"
            label="Reason"
            required
            rows={4}
            // The dialog opens to write a reason: start there rather than on the close button.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            maxLength={REPORT_REASON_MAX}
            value={reason}
            error={fieldError}
            hint="For example: spam, harassment, or something illegal."
            onChange={(event) => {
              setReason(event.target.value);
              if (fieldError) setFieldError(undefined);
            }}
          />
        </form>
      )}
    </Dialog>
  );
}
