import { z } from 'zod';

export const CONTACT_SUCCESS = "Thank you for your message! We'll get back to you soon.";
export const INTRODUCTION_SUCCESS = "Thanks! We'll be in touch to introduce you.";

/** The hidden honeypot field: people leave it empty, form-filling bots do not. */
export const HONEYPOT_FIELD = 'website';

export const contactInput = z.object({
  fullName: z.string().trim().min(1, 'Full Name is required').max(120),
  email: z.string().trim().min(1, 'Email Address is required').email('Enter a valid email address').max(254),
  phone: z.string().trim().max(40).optional().default(''),
  subject: z.string().trim().min(1, 'Subject is required').max(200),
  message: z.string().trim().min(1, 'Message is required').max(5000),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type ContactInput = z.input<typeof contactInput>;

export const introductionInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120),
  email: z.string().trim().min(1, 'Email is required').email('Enter a valid email address').max(254),
  wantsToMeet: z.string().trim().min(1, 'Tell us who you want to connect with').max(1000),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type IntroductionInput = z.input<typeof introductionInput>;
