import { useId, useState } from 'react';
import { Flag } from 'lucide-react';
import {
  REPORT_REASON_MAX,
  REPORT_SUBMITTED,
  REPORT_SUBMIT_ERROR,
  reportInput,
  type ReportReceipt,
  type ReportTargetType,
} from '../../shared/moderation';
import { api, errorMessage } from '../lib/api';
import { cn } from '../lib/cn';
import { useForm } from '../lib/form';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog, DialogClose } from './dialog';
import { TextareaField } from './textarea-field';

const NOUN: Record<ReportTargetType, string> = { post: 'post', reply: 'reply', message: 'message' };

/** The dialog checks what the member typed; what is reported comes from the page. */
const reasonInput = reportInput.pick({ reason: true });

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
  const [done, setDone] = useState(false);
  const { errors, formError, submitting, handleSubmit, clearError, setFormError } = useForm({
    schema: reasonInput,
    values: () => ({ reason }),
    submit: async (data) => {
      await api.post<ReportReceipt>('/api/reports', { targetType, targetId, reason: data.reason });
      setDone(true);
    },
    failure: errorMessage,
  });

  function handleOpenChange(next: boolean) {
    if (submitting) return;
    setOpen(next);
    if (next) {
      setReason('');
      clearError('reason');
      setFormError(null);
      setDone(false);
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
              <Button variant="secondary" disabled={submitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" form={formId} loading={submitting}>
              Send report
            </Button>
          </>
        )
      }
    >
      {done ? (
        <Alert tone="success">{REPORT_SUBMITTED}</Alert>
      ) : (
        <form id={formId} noValidate onSubmit={handleSubmit} className="space-y-3">
          {formError && (
            <Alert tone="error" title={REPORT_SUBMIT_ERROR}>
              {formError}
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
            error={errors.reason}
            hint="For example: spam, harassment, or something illegal."
            onChange={(event) => {
              setReason(event.target.value);
              clearError('reason');
            }}
          />
        </form>
      )}
    </Dialog>
  );
}
