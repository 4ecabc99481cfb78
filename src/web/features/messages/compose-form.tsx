import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { RECIPIENT_NOT_FOUND, sendMessageInput, type SendMessageInput } from '../../../shared/messages';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { ApiRequestError } from '../../lib/api';
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
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const send = useSendMessage();
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
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const focusField = (field: Field) => {
    const element = formRef.current?.elements.namedItem(field);
    if (element instanceof HTMLElement) element.focus();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = sendMessageInput.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      const first = (['to', 'subject', 'content'] as const).find((f) => next[f]);
      if (first) focusField(first);
      return;
    }
    send.mutate(parsed.data, {
      onSuccess: () => onSent(parsed.data),
      onError: (error) => {
        if (error instanceof ApiRequestError && error.code === 'RECIPIENT_NOT_FOUND') {
          setErrors({ to: error.message || RECIPIENT_NOT_FOUND });
          focusField('to');
        }
      },
    });
  };

  const recipientMissing = send.error instanceof ApiRequestError && send.error.code === 'RECIPIENT_NOT_FOUND';

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
        {send.isError && !recipientMissing && (
          <Alert tone="error" title={SEND_ERROR}>
            {send.error instanceof ApiRequestError && send.error.message ? send.error.message : undefined}
          </Alert>
        )}
        <RecipientField id={`${formId}-to`} value={values.to} onChange={(v) => set('to', v)} error={errors.to} />
        <TextField
          label="Subject"
          name="subject"
          required
          maxLength={200}
          value={values.subject}
          onChange={(e) => set('subject', e.target.value)}
          error={errors.subject}
        />
        <TextareaField
          label="Message"
          name="content"
          required
          rows={8}
          maxLength={10_000}
          value={values.content}
          onChange={(e) => set('content', e.target.value)}
          error={errors.content}
          className="flex-1"
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending}>
            {!send.isPending && <Send aria-hidden="true" />}
            Send
          </Button>
        </div>
      </form>
    </section>
  );
}
