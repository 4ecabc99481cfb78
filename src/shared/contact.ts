import { z } from 'zod';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_PHONE_MAX,
  EMAIL_MAX,
  PERSON_NAME_MAX,
  SUBJECT_MAX,
  WANTS_TO_MEET_MAX,
} from './limits';

export const CONTACT_SUCCESS = "Thank you for your message! We'll get back to you soon.";
export const INTRODUCTION_SUCCESS = "Thanks! We'll be in touch to introduce you.";

/** The hidden honeypot field: people leave it empty, form-filling bots do not. */
export const HONEYPOT_FIELD = 'website';

export const contactInput = z.object({
  fullName: z.string().trim().min(1, 'Full Name is required').max(PERSON_NAME_MAX),
  email: z.string().trim().min(1, 'Email Address is required').email('Enter a valid email address').max(EMAIL_MAX),
  phone: z.string().trim().max(CONTACT_PHONE_MAX).optional().default(''),
  subject: z.string().trim().min(1, 'Subject is required').max(SUBJECT_MAX),
  message: z.string().trim().min(1, 'Message is required').max(CONTACT_MESSAGE_MAX),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});

export const introductionInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(PERSON_NAME_MAX),
  email: z.string().trim().min(1, 'Email is required').email('Enter a valid email address').max(EMAIL_MAX),
  wantsToMeet: z.string().trim().min(1, 'Tell us who you want to connect with').max(WANTS_TO_MEET_MAX),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type IntroductionInput = z.input<typeof introductionInput>;

/** The answer to a contact message or an introduction request: the text to thank them with. */
export const contactResponse = z.object({ message: z.string() });
export type ContactResponse = z.infer<typeof contactResponse>;
