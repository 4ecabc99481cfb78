import { useState, type FormEvent } from 'react';
import type { IntroductionInput } from '../../../shared/contact';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { api, errorMessage } from '../../lib/api';

// Validated by hand, mirroring shared/contact.ts's introductionInput: the landing page stays
// free of zod (type-only import above). The server checks the same rules again.
type Field = 'name' | 'email' | 'wantsToMeet';
type Errors = Partial<Record<Field, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(values: Record<Field, string>): Errors {
  const errors: Errors = {};
  if (!values.name) errors.name = 'Name is required';
  if (!values.email) errors.email = 'Email is required';
  else if (!EMAIL.test(values.email)) errors.email = 'Enter a valid email address';
  if (!values.wantsToMeet) errors.wantsToMeet = 'Tell us who you want to connect with';
  return errors;
}

/** "Who do you want to meet?": the organisers receive it by e-mail and make the introduction. */
export function IntroductionForm() {
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [thanks, setThanks] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const read = (name: string) => String(data.get(name) ?? '').trim();
    const values = { name: read('name'), email: read('email'), wantsToMeet: read('wantsToMeet') };
    const found = validate(values);
    setErrors(found);
    setThanks(null);
    setFailure(null);
    const first = Object.keys(found)[0];
    if (first) {
      (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setSending(true);
    try {
      const body: IntroductionInput = { ...values, website: read('website') };
      const { message } = await api.post<{ message: string }>('/api/introductions', body);
      form.reset();
      setThanks(message);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  const clear = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name as Field;
    if (errors[name]) setErrors({ ...errors, [name]: undefined });
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} onChange={clear} className="relative flex flex-col gap-4">
      {thanks && <Alert tone="success">{thanks}</Alert>}
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Your Name" name="name" autoComplete="name" required maxLength={120} error={errors.name} />
        <TextField
          label="Your Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          error={errors.email}
        />
      </div>
      <TextareaField
        label="Who do you want to connect with?"
        name="wantsToMeet"
        rows={3}
        required
        maxLength={1000}
        placeholder="e.g. a commercial lender, a home stager, a PropTech founder"
        error={errors.wantsToMeet}
      />
      {/* Honeypot: hidden from people and assistive tech; form-filling bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
        <label>
          Website
          <input type="text" name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <Button type="submit" size="lg" loading={sending} className="self-start">
        Request an Introduction
      </Button>
    </form>
  );
}
