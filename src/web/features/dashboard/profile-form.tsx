import { useEffect, useRef } from 'react';
import { profileUpdateInput, socialHandleOf, type ProfileResponse } from '../../../shared/members';
import {
  BIO_MAX,
  PERSON_NAME_MAX,
  PROFILE_LINE_MAX,
  SOCIAL_HANDLE_MAX,
  USERNAME_MAX,
  WEBSITE_MAX,
} from '../../../shared/limits';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { ApiRequestError } from '../../lib/api';
import { useForm } from '../../lib/form';
import { useUpdateProfile } from './api';
import { PrefixedField } from './prefixed-field';

export const UPDATE_ERROR = 'Failed to update profile';

/** The stored website without its scheme: members type a host such as example.com. */
function websiteInput(url: string | null): string {
  return (url ?? '').replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

/** Edit mode: every profile field, Cancel and Save Changes. */
export function ProfileForm({
  data,
  onDone,
}: {
  data: ProfileResponse;
  /** Leaves edit mode (after a save or on Cancel). */
  onDone: () => void;
}) {
  const { profile } = data;
  const update = useUpdateProfile({ id: profile.id, username: profile.username });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { errors, formError, submitting, handleSubmit, handleInput } = useForm({
    schema: profileUpdateInput,
    submit: async (input) => {
      await update.mutateAsync(input);
      onDone();
    },
    // The alert's title is the spec's text; the server's reason, when it gave one, is its body.
    failure: (error) => (error instanceof ApiRequestError && error.message ? error.message : ''),
  });

  // Entering edit mode moves focus to the form.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section aria-labelledby="edit-profile-heading">
      <Card>
        <h2
          id="edit-profile-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-fg outline-none"
        >
          Edit Profile
        </h2>
        <form noValidate onSubmit={handleSubmit} onInput={handleInput} className="mt-5 flex flex-col gap-5">
          {formError !== null && (
            <Alert tone="error" title={UPDATE_ERROR}>
              {formError || undefined}
            </Alert>
          )}
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <TextField
              label="Username"
              name="username"
              defaultValue={profile.username}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={USERNAME_MAX}
              hint="3 to 30 letters, digits, dots, dashes or underscores."
              error={errors.username}
            />
            <TextField
              label="Full name"
              name="fullName"
              defaultValue={profile.fullName ?? ''}
              autoComplete="name"
              maxLength={PERSON_NAME_MAX}
              error={errors.fullName}
            />
            <TextField
              label="Position"
              name="position"
              defaultValue={profile.position ?? ''}
              autoComplete="organization-title"
              maxLength={PROFILE_LINE_MAX}
              error={errors.position}
            />
            <TextField
              label="Company"
              name="company"
              defaultValue={profile.company ?? ''}
              autoComplete="organization"
              maxLength={PROFILE_LINE_MAX}
              error={errors.company}
            />
            <TextareaField
              label="Bio"
              name="bio"
              defaultValue={profile.bio ?? ''}
              rows={5}
              maxLength={BIO_MAX}
              className="sm:col-span-2"
              hint="A few lines about you and your work."
              error={errors.bio}
            />
            <PrefixedField
              label="Website"
              name="website"
              prefix="https://"
              defaultValue={websiteInput(profile.website)}
              inputMode="url"
              placeholder="example.com"
              maxLength={WEBSITE_MAX}
              className="sm:col-span-2"
              error={errors.website}
            />
          </div>

          <fieldset className="min-w-0">
            <legend>
              <span className="block text-sm font-semibold text-fg">Social profiles</span>
              <span className="block text-sm text-fg-muted">Enter your username only.</span>
            </legend>
            <div className="mt-4 grid grid-cols-1 gap-5 lg:grid-cols-3">
              <PrefixedField
                label="Instagram"
                name="instagram"
                prefix="instagram.com/"
                defaultValue={socialHandleOf(profile.instagramUrl)}
                maxLength={SOCIAL_HANDLE_MAX}
                error={errors.instagram}
              />
              <PrefixedField
                label="Facebook"
                name="facebook"
                prefix="facebook.com/"
                defaultValue={socialHandleOf(profile.facebookUrl)}
                maxLength={SOCIAL_HANDLE_MAX}
                error={errors.facebook}
              />
              <PrefixedField
                label="LinkedIn"
                name="linkedin"
                prefix="linkedin.com/in/"
                defaultValue={socialHandleOf(profile.linkedinUrl)}
                maxLength={SOCIAL_HANDLE_MAX}
                error={errors.linkedin}
              />
            </div>
          </fieldset>

          <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-5">
            <Button variant="secondary" onClick={onDone} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              Save Changes
            </Button>
          </div>
        </form>
      </Card>
    </section>
  );
}
