import { useRef, useState } from 'react';
import type { ContactResponse, IntroductionInput } from '../../../shared/contact';
import { EMAIL_MAX, PERSON_NAME_MAX, WANTS_TO_MEET_MAX } from '../../../shared/limits';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Honeypot } from '../../components/honeypot';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { api, errorMessage } from '../../lib/api';
import { useForm, type FieldErrors, type FormRules } from '../../lib/form';

// Validated by hand, mirroring shared/contact.ts's introductionInput: the landing page stays
// free of zod (type-only imports above). The server checks the same rules again.
type Field = 'name' | 'email' | 'wantsToMeet';
type Values = Record<Field, string> & Pick<IntroductionInput, 'website'>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(values: Values): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.name) errors.name = 'Name is required';
  if (!values.email) errors.email = 'Email is required';
  else if (!EMAIL.test(values.email)) errors.email = 'Enter a valid email address';
  if (!values.wantsToMeet) errors.wantsToMeet = 'Tell us who you want to connect with';
  return errors;
}

const introductionRules: FormRules<Values> = {
  safeParse(values) {
    const issues = Object.entries(validate(values)).map(([field, message]) => ({ path: [field], message: message! }));
    return issues.length > 0 ? { success: false, error: { issues } } : { success: true, data: values };
  },
};

/** The form's fields, trimmed. */
function readForm(form: HTMLFormElement): Values {
  const data = new FormData(form);
  const read = (name: string) => String(data.get(name) ?? '').trim();
  return { name: read('name'), email: read('email'), wantsToMeet: read('wantsToMeet'), website: read('website') };
}

/** "Who do you want to meet?": the organisers receive it by e-mail and make the introduction. */
export function IntroductionForm() {
  const [thanks, setThanks] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, formError, submitting, handleSubmit, handleInput } = useForm({
    schema: introductionRules,
    values: readForm,
    submit: async (body: IntroductionInput) => {
      const { message } = await api.post<ContactResponse>('/api/introductions', body);
      formRef.current?.reset();
      setThanks(message);
    },
    failure: errorMessage,
  });

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        setThanks(null);
        handleSubmit(event);
      }}
      onInput={handleInput}
      className="relative flex flex-col gap-4"
    >
      {thanks && <Alert tone="success">{thanks}</Alert>}
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Your Name"
          name="name"
          autoComplete="name"
          required
          maxLength={PERSON_NAME_MAX}
          error={errors.name}
        />
        <TextField
          label="Your Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={EMAIL_MAX}
          error={errors.email}
        />
      </div>
      <TextareaField
        label="Who do you want to connect with?"
        name="wantsToMeet"
        rows={3}
        required
        maxLength={WANTS_TO_MEET_MAX}
        placeholder="e.g. a commercial lender, a home stager, a PropTech founder"
        error={errors.wantsToMeet}
      />
      <Honeypot name="website" />
      <Button type="submit" size="lg" loading={submitting} className="self-start">
        Request an Introduction
      </Button>
    </form>
  );
}
