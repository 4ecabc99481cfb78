import { ArrowLeft } from 'lucide-react';
import { useNavigate, useParams } from '../../lib/router';
import type { z } from 'zod';
import type { Sponsor } from '../../../shared/events';
import {
  DEFAULT_SPONSOR_LEVEL,
  SPONSOR_INFO_MAX,
  SPONSOR_LEVELS,
  SPONSOR_NAME_MAX,
  SPONSOR_NOT_FOUND,
  sponsorInput,
} from '../../../shared/sponsors';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { SelectField } from '../../components/select-field';
import { PageSpinner } from '../../components/spinner';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { ApiRequestError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useForm } from '../../lib/form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AdminFormFrame } from '../../components/admin-form-frame';
import { savedState } from '../../components/saved-status';
import { NotFound } from '../../components/not-found';
import { ImageUploadField, useCreateWithImage, usePendingImage, useUploadFailedNotice } from './image-upload-field';
import { uploadSponsorLogo, useCreateSponsor, useSponsor, useSponsorLogo, useUpdateSponsor } from './sponsors-api';

// Create and edit a sponsor (spec 2 sections 2, 5 and 8). One shared schema checks the form
// here and the body on the server; the server's field messages land on the same fields.

const BACK = paths.adminTab('sponsors');

function SponsorForm({
  title,
  submitLabel,
  sponsor,
  failure,
  save,
  logo,
  notice,
}: {
  title: string;
  submitLabel: string;
  sponsor: Sponsor | null;
  /** The spec's text when saving fails. */
  failure: string;
  save: (input: z.input<typeof sponsorInput>) => Promise<void>;
  logo: { value: string | null; onUpload: (file: File) => Promise<string>; onRemove: () => Promise<void> };
  notice?: string | null;
}) {
  // Sent as typed: the server parses the same schema.
  const { errors, formError, submitting, handleSubmit, handleInput } = useForm({
    schema: sponsorInput,
    submit: (_, input) => save(input),
    failure,
    notice,
  });

  return (
    <AdminFormFrame
      title={title}
      backTo={BACK}
      error={formError}
      submitLabel={submitLabel}
      submitting={submitting}
      onSubmit={handleSubmit}
    >
      <div className="space-y-5" onInput={handleInput}>
        <TextField
          label="Name"
          name="name"
          required
          maxLength={SPONSOR_NAME_MAX}
          autoComplete="organization"
          defaultValue={sponsor?.name ?? ''}
          error={errors.name}
        />
        <SelectField
          label="Level"
          name="level"
          defaultValue={sponsor?.level ?? DEFAULT_SPONSOR_LEVEL}
          error={errors.level}
        >
          {SPONSOR_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </SelectField>
        <TextareaField
          label="Info"
          name="info"
          rows={4}
          maxLength={SPONSOR_INFO_MAX}
          defaultValue={sponsor?.info ?? ''}
          error={errors.info}
        />
        <TextField
          label="Website"
          name="website"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          hint="The full address, starting with https://"
          defaultValue={sponsor?.website ?? ''}
          error={errors.website}
        />
        <ImageUploadField label="Logo" value={logo.value} onUpload={logo.onUpload} onRemove={logo.onRemove} />
      </div>
    </AdminFormFrame>
  );
}

/** /sponsors/create. A chosen logo waits in the browser until the sponsor is saved: a cancelled
 * form leaves no file behind. */
export function SponsorCreatePage() {
  const create = useCreateSponsor();
  const logo = usePendingImage();
  const logoFile = logo.file;

  // The sponsor exists even when its logo fails: its edit form can try the logo again.
  const createWithLogo = useCreateWithImage({
    create: (input: z.input<typeof sponsorInput>) => create.mutateAsync(input),
    upload: uploadSponsorLogo,
    editPath: paths.sponsorEdit,
    done: BACK,
    saved: 'Sponsor created.',
  });

  return (
    <SponsorForm
      title="Create Sponsor"
      submitLabel="Create Sponsor"
      sponsor={null}
      failure="Failed to create sponsor"
      save={(input) => createWithLogo(input, logoFile)}
      logo={{ value: logo.preview, onUpload: logo.choose, onRemove: logo.clear }}
    />
  );
}

/** /sponsors/:sponsorId/edit. The logo is stored (or removed) at once. */
export function SponsorEditPage() {
  const { sponsorId = '' } = useParams();
  const navigate = useNavigate();
  const uploadFailed = useUploadFailedNotice();
  const sponsor = useSponsor(sponsorId);
  const update = useUpdateSponsor(sponsorId);
  const logo = useSponsorLogo(sponsorId);
  const notFound = sponsor.error instanceof ApiRequestError && sponsor.error.status === 404;

  if (notFound) return <SponsorNotFound />;
  if (sponsor.isPending) return <PageSpinner label="Loading sponsor" />;
  if (sponsor.isError) return <LoadFailed />;

  return (
    <SponsorForm
      key={sponsor.data.id}
      title="Edit Sponsor"
      submitLabel="Save Changes"
      sponsor={sponsor.data}
      failure="Failed to update sponsor"
      notice={uploadFailed}
      save={async (input) => {
        await update.mutateAsync(input);
        await navigate(BACK, { state: savedState('Sponsor updated.') });
      }}
      logo={{ value: sponsor.data.logoUrl, onUpload: logo.upload, onRemove: logo.remove }}
    />
  );
}

function LoadFailed() {
  useDocumentTitle('Edit Sponsor');
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Edit Sponsor</h1>
      <Alert tone="error" className="mt-6">
        Failed to load sponsor
      </Alert>
      <ButtonLink to={BACK} variant="secondary" className="mt-6">
        <ArrowLeft aria-hidden="true" />
        Back to Admin Dashboard
      </ButtonLink>
    </div>
  );
}

/** The not-found page (spec 2 section 2: "not-found page when missing"). */
function SponsorNotFound() {
  return (
    <NotFound title={SPONSOR_NOT_FOUND} text="The sponsor you're looking for doesn't exist.">
      <ButtonLink to={BACK}>
        <ArrowLeft aria-hidden="true" />
        Back to Admin Dashboard
      </ButtonLink>
    </NotFound>
  );
}
