import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import {
  EMAIL_AUDIENCES,
  EMAIL_AUDIENCE_LABELS,
  emailAttendeesInput,
  type EmailAudience,
} from '../../../shared/event-admin';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog, DialogClose } from '../../components/dialog';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { errorMessage } from '../../lib/api';
import { useEmailAttendees, useRecipientCount } from './events-api';

/** 'Email attendees': pick who (all, attending, waitlisted, maybe), see how many it reaches,
 * write a subject and a plain-text message. Sent through the outbox, one mail each. */
export function EventEmailDialog({
  event,
  onClose,
  onSent,
}: {
  event: { id: string; name: string } | null;
  onClose: () => void;
  onSent: (sent: number) => void;
}) {
  const [audience, setAudience] = useState<EmailAudience>('all');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ subject?: string; message?: string }>({});
  const open = event !== null;
  const count = useRecipientCount(event?.id ?? '', audience, open);
  const send = useEmailAttendees(event?.id ?? '');

  function close() {
    setSubject('');
    setMessage('');
    setErrors({});
    setAudience('all');
    send.reset();
    onClose();
  }

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = emailAttendeesInput.safeParse({ audience, subject, message });
    if (!parsed.success) {
      const next: { subject?: string; message?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'subject' || field === 'message') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const result = await send.mutateAsync(parsed.data).catch(() => null);
    if (result) {
      onSent(result.sent);
      close();
    }
  }

  const n = count.data;
  const formId = 'event-email-form';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !send.isPending && close()}
      title={event ? `Email attendees of ${event.name}` : 'Email attendees'}
      description="A plain-text e-mail to each person, sent from the site's address."
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary" disabled={send.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" form={formId} loading={send.isPending} disabled={n === 0}>
            <Send aria-hidden="true" />
            Send email
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void handleSubmit(e)} className="space-y-4">
        {send.isError && <Alert tone="error">{errorMessage(send.error)}</Alert>}
        <SelectField
          label="Send to"
          name="audience"
          value={audience}
          onChange={(e) => setAudience(e.target.value as EmailAudience)}
        >
          {EMAIL_AUDIENCES.map((a) => (
            <option key={a} value={a}>
              {EMAIL_AUDIENCE_LABELS[a]}
            </option>
          ))}
        </SelectField>
        <p className="text-sm text-fg-muted" aria-live="polite">
          {count.isPending
            ? 'Counting recipients…'
            : count.isError
              ? 'Could not count the recipients.'
              : n === 0
                ? 'Nobody to e-mail in this group.'
                : `This e-mail will go to ${n} ${n === 1 ? 'person' : 'people'}.`}
        </p>
        <TextField
          label="Subject"
          name="subject"
          required
          maxLength={200}
          value={subject}
          error={errors.subject}
          onChange={(e) => setSubject(e.target.value)}
        />
        <TextareaField
          label="Message"
          name="message"
          required
          rows={6}
          maxLength={10_000}
          value={message}
          error={errors.message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </form>
    </Dialog>
  );
}
