import { useEffect, useRef, useState } from 'react';
import { ChevronDown, Clock, Mail, MapPin } from 'lucide-react';
import { Link } from '../../lib/router';
import { CONTACT_SUCCESS, HONEYPOT_FIELD, contactInput, type ContactResponse } from '../../../shared/contact';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_PHONE_MAX,
  EMAIL_MAX,
  PERSON_NAME_MAX,
  SUBJECT_MAX,
} from '../../../shared/limits';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Honeypot } from '../../components/honeypot';
import { FacebookIcon, InstagramIcon } from '../../components/social-icons';
import { TextField } from '../../components/text-field';
import { textLinkClasses } from '../../components/text-link';
import { TextareaField } from '../../components/textarea-field';
import { api, errorMessage } from '../../lib/api';
import { useForm } from '../../lib/form';
import { paths } from '../../lib/paths';
import { site } from '../../lib/site';
import { useDocumentTitle } from '../../lib/use-document-title';

const SUCCESS_BANNER_MS = 5000;

const faqs = [
  {
    q: 'What is the best way to reach you?',
    a: (
      <>
        Email is our preferred channel. Write to{' '}
        <a href={`mailto:${site.email}`} className={textLinkClasses}>
          {site.email}
        </a>{' '}
        or use the form on this page.
      </>
    ),
  },
  {
    q: 'How quickly will I hear back?',
    a: 'We typically reply within 24 business hours.',
  },
  {
    q: 'What if my matter is urgent?',
    a: 'Reach us on social media, or send an email with URGENT in the subject line so it goes to the top of the pile.',
  },
  {
    q: 'What should my message include?',
    a: 'Your name, your contact details (email, and phone if you prefer a call) and a clear description of your question or request.',
  },
  {
    q: 'How do I join the community?',
    a: (
      <>
        Come to one of our{' '}
        <Link to={paths.events} className={textLinkClasses}>
          events
        </Link>{' '}
        or{' '}
        <Link to={paths.register} className={textLinkClasses}>
          register
        </Link>{' '}
        for a free member account.
      </>
    ),
  },
];

export function ContactPage() {
  useDocumentTitle('Contact');
  const [showThanks, setShowThanks] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // The same rules as the server (shared/contact.ts).
  const { errors, formError, submitting, handleSubmit, handleInput } = useForm({
    schema: contactInput,
    submit: async (data) => {
      setShowThanks(false);
      await api.post<ContactResponse>('/api/contact', data);
      formRef.current?.reset();
      setShowThanks(true);
    },
    failure: errorMessage,
  });

  // The thank-you banner shows for 5 seconds.
  useEffect(() => {
    if (!showThanks) return;
    const timer = setTimeout(() => setShowThanks(false), SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [showThanks]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-semibold tracking-tight text-fg sm:text-4xl">Contact Us</h1>
        <p className="mt-3 text-lg text-fg-muted">
          Questions about events, sponsorship or membership? Send us a message and the Power Mixer team will get back to
          you.
        </p>
      </header>

      <div className="mt-10 grid items-start gap-8 lg:grid-cols-[1.5fr_1fr]">
        <section
          aria-labelledby="contact-form-title"
          className="rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-8"
        >
          <h2 id="contact-form-title" className="text-xl font-semibold text-fg">
            Send us a message
          </h2>
          <form
            ref={formRef}
            noValidate
            onSubmit={handleSubmit}
            onInput={handleInput}
            className="relative mt-6 flex flex-col gap-5"
          >
            {showThanks && <Alert tone="success">{CONTACT_SUCCESS}</Alert>}
            {formError && <Alert tone="error">{formError}</Alert>}
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label="Full Name"
                name="fullName"
                autoComplete="name"
                required
                maxLength={PERSON_NAME_MAX}
                error={errors.fullName}
              />
              <TextField
                label="Email Address"
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={EMAIL_MAX}
                error={errors.email}
              />
            </div>
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label="Phone (optional)"
                name="phone"
                type="tel"
                autoComplete="tel"
                maxLength={CONTACT_PHONE_MAX}
                error={errors.phone}
              />
              <TextField label="Subject" name="subject" required maxLength={SUBJECT_MAX} error={errors.subject} />
            </div>
            <TextareaField
              label="Message"
              name="message"
              rows={6}
              required
              maxLength={CONTACT_MESSAGE_MAX}
              error={errors.message}
            />
            <Honeypot name={HONEYPOT_FIELD} />
            <Button type="submit" size="lg" loading={submitting} className="self-start">
              Send Message
            </Button>
          </form>
        </section>

        <aside className="space-y-6" aria-label="Contact information">
          <div className="rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-6">
            <h2 className="text-lg font-semibold text-fg">Contact information</h2>
            <ul className="mt-4 space-y-4 text-sm">
              <li className="flex items-start gap-3">
                <Mail className="mt-0.5 size-5 shrink-0 text-link" aria-hidden="true" />
                <div>
                  <p className="font-medium text-fg">Email</p>
                  <a href={`mailto:${site.email}`} className={textLinkClasses}>
                    {site.email}
                  </a>
                </div>
              </li>
              <li className="flex items-start gap-3">
                <MapPin className="mt-0.5 size-5 shrink-0 text-link" aria-hidden="true" />
                <div>
                  <p className="font-medium text-fg">Location</p>
                  <p className="text-fg-muted">{site.city}, North Carolina</p>
                </div>
              </li>
              <li className="flex items-start gap-3">
                <Clock className="mt-0.5 size-5 shrink-0 text-link" aria-hidden="true" />
                <div>
                  <p className="font-medium text-fg">Response time</p>
                  <p className="text-fg-muted">We reply within 24 business hours.</p>
                </div>
              </li>
            </ul>
            <div className="mt-5 flex gap-2 border-t border-line pt-5">
              <a
                href={site.instagram}
                target="_blank"
                rel="noopener noreferrer"
                aria-label="Power Mixer on Instagram"
                className="inline-flex size-9 items-center justify-center rounded-lg text-fg-muted transition-colors hover:bg-surface-2 hover:text-fg"
              >
                <InstagramIcon className="size-[18px]" />
              </a>
              <a
                href={site.facebook}
                target="_blank"
                rel="noopener noreferrer"
                aria-label="Power Mixer on Facebook"
                className="inline-flex size-9 items-center justify-center rounded-lg text-fg-muted transition-colors hover:bg-surface-2 hover:text-fg"
              >
                <FacebookIcon className="size-[18px]" />
              </a>
            </div>
          </div>

          <section
            aria-labelledby="faq-title"
            className="rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-6"
          >
            <h2 id="faq-title" className="text-lg font-semibold text-fg">
              Frequently asked questions
            </h2>
            <div className="mt-3 divide-y divide-line">
              {faqs.map(({ q, a }) => (
                <details key={q} className="group py-3">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-md font-medium text-fg [&::-webkit-details-marker]:hidden">
                    {q}
                    <ChevronDown
                      className="size-4 shrink-0 text-fg-muted transition-transform group-open:rotate-180"
                      aria-hidden="true"
                    />
                  </summary>
                  <p className="mt-2 text-sm text-fg-muted">{a}</p>
                </details>
              ))}
            </div>
          </section>
        </aside>
      </div>
    </div>
  );
}
