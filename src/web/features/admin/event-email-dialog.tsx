import { useState } from 'react';
import { Send } from 'lucide-react';
import {
  EMAIL_AUDIENCES,
  EMAIL_AUDIENCE_LABELS,
  emailAttendeesInput,
  type EmailAudience,
} from '../../../shared/event-admin';
import { MESSAGE_MAX, SUBJECT_MAX } from '../../../shared/limits';
import { plural } from '../../../shared/plural';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog, DialogClose } from '../../components/dialog';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { errorMessage } from '../../lib/api';
import { useForm } from '../../lib/form';
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
  const open = event !== null;
  const count = useRecipientCount(event?.id ?? '', audience, open);
  const send = useEmailAttendees(event?.id ?? '');

  const { errors, formError, handleSubmit, clearError, clearErrors } = useForm({
    schema: emailAttendeesInput,
    values: () => ({ audience, subject, message }),
    submit: async (input) => {
      const result = await send.mutateAsync(input);
      onSent(result.sent);
      close();
    },
    failure: errorMessage,
  });

  function close() {
    setSubject('');
    setMessage('');
    clearErrors();
    setAudience('all');
    send.reset();
    onClose();
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
      <form id={formId} noValidate onSubmit={handleSubmit} className="space-y-4">
        {formError && <Alert tone="error">{formError}</Alert>}
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
                : `This e-mail will go to ${plural(n ?? 0, 'person', 'people')}.`}
        </p>
        <TextField
          label="Subject"
          name="subject"
          required
          maxLength={SUBJECT_MAX}
          value={subject}
          error={errors.subject}
          onChange={(e) => {
            setSubject(e.target.value);
            clearError('subject');
          }}
        />
        <TextareaField
          label="Message"
          name="message"
          required
          rows={6}
          maxLength={MESSAGE_MAX}
          value={message}
          error={errors.message}
          onChange={(e) => {
            setMessage(e.target.value);
            clearError('message');
          }}
        />
      </form>
    </Dialog>
  );
}
