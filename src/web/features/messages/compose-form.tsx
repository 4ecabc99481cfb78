import { useEffect, useId, useRef, useState } from 'react';
import { Send } from 'lucide-react';
import { sendMessageInput, type SendMessageInput } from '../../../shared/messages';
import { MESSAGE_MAX, SUBJECT_MAX } from '../../../shared/limits';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { ApiRequestError } from '../../lib/api';
import { useForm } from '../../lib/form';
import { useSendMessage } from './api';
import { RecipientField } from './recipient-field';

export const SEND_ERROR = 'Failed to send message';

type Field = keyof SendMessageInput;

/** To (with suggestions), Subject, Message; Cancel and Send. */
export function ComposeForm({
  initialTo,
  initialSubject,
  onCancel,
  onSent,
}: {
  initialTo: string;
  initialSubject: string;
  onCancel: () => void;
  onSent: (sent: SendMessageInput) => void;
}) {
  const formId = useId();
  const headingId = `${formId}-heading`;
  const [values, setValues] = useState<SendMessageInput>({ to: initialTo, subject: initialSubject, content: '' });
  const send = useSendMessage();
  const { errors, formError, submitting, handleSubmit, clearError } = useForm({
    schema: sendMessageInput,
    values: () => values,
    submit: async (data) => {
      await send.mutateAsync(data);
      onSent(data);
    },
    // An unknown recipient is the To field's error, not the form's: the server names `to`.
    // The alert's title is the spec's text; '' when the server gave no reason.
    failure: (error) => (error instanceof ApiRequestError && error.message ? error.message : ''),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const isReply = Boolean(initialTo && initialSubject);

  // Start where there is something to type: To, else Subject, else the message.
  useEffect(() => {
    const first: Field = !initialTo ? 'to' : !initialSubject ? 'subject' : 'content';
    const field = formRef.current?.elements.namedItem(first);
    if (field instanceof HTMLElement) field.focus();
  }, [initialTo, initialSubject]);

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
  };

  return (
    <section aria-labelledby={headingId} className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3 sm:px-5">
        <h2 id={headingId} className="text-base font-semibold text-fg">
          {isReply ? 'Reply' : 'New Message'}
        </h2>
      </div>
      <form
        ref={formRef}
        noValidate
        onSubmit={handleSubmit}
        className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-4 py-4 sm:px-5"
      >
        {formError !== null && (
          <Alert tone="error" title={SEND_ERROR}>
            {formError || undefined}
          </Alert>
        )}
        <RecipientField id={`${formId}-to`} value={values.to} onChange={(v) => set('to', v)} error={errors.to} />
        <TextField
          label="Subject"
          name="subject"
          required
          maxLength={SUBJECT_MAX}
          value={values.subject}
          onChange={(e) => set('subject', e.target.value)}
          error={errors.subject}
        />
        <TextareaField
          label="Message"
          name="content"
          required
          rows={8}
          maxLength={MESSAGE_MAX}
          value={values.content}
          onChange={(e) => set('content', e.target.value)}
          error={errors.content}
          className="flex-1"
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {!submitting && <Send aria-hidden="true" />}
            Send
          </Button>
        </div>
      </form>
    </section>
  );
}
