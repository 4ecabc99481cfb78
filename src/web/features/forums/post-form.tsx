import { useState, type ReactNode } from 'react';
import { POST_TITLE_MAX, postInput, type PostInput } from '../../../shared/forums';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { RichTextEditor } from '../../components/rich-text-editor';
import { TextField } from '../../components/text-field';
import { useForm } from '../../lib/form';
import { uploadForumImage } from './api';

/**
 * A post's title and rich content, checked with the schema the server parses: the new-post page
 * and the post page's edit share it. Cancel is a link back (a page of its own) or a button (an
 * edit in place).
 */
export function PostForm({
  initial = { title: '', content: '' },
  save,
  failure,
  submitLabel,
  cancel,
  heading,
  fieldIds,
  className,
  'aria-labelledby': labelledBy,
}: {
  initial?: PostInput;
  /** Sends the post as typed (the server parses the same schema); a rejection is a refusal. */
  save: (input: PostInput) => Promise<unknown>;
  failure: (error: unknown) => string | null;
  submitLabel: string;
  cancel: { to: string } | { onClick: () => void };
  /** Shown first inside the form (the edit's heading, which names the form). */
  heading?: ReactNode;
  fieldIds?: { title: string; content: string };
  className?: string;
  'aria-labelledby'?: string;
}) {
  const [title, setTitle] = useState(initial.title);
  const [content, setContent] = useState(initial.content);
  const { errors, formError, submitting, handleSubmit, clearError } = useForm({
    schema: postInput,
    values: () => ({ title, content }),
    submit: (_, input) => save(input),
    failure,
  });

  return (
    <form noValidate onSubmit={handleSubmit} className={className} aria-labelledby={labelledBy}>
      {heading}
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextField
        id={fieldIds?.title}
        name="title"
        label="Title"
        required
        value={title}
        maxLength={POST_TITLE_MAX}
        error={errors.title}
        onChange={(event) => {
          setTitle(event.target.value);
          clearError('title');
        }}
      />
      <RichTextEditor
        id={fieldIds?.content}
        field="content"
        label="Content"
        value={content}
        onChange={(html) => {
          setContent(html);
          clearError('content');
        }}
        height={400}
        uploadImage={uploadForumImage}
        error={errors.content}
      />
      <div className="flex flex-wrap justify-end gap-3 border-t border-line pt-5">
        {'to' in cancel ? (
          <ButtonLink to={cancel.to} variant="secondary">
            Cancel
          </ButtonLink>
        ) : (
          <Button variant="secondary" onClick={cancel.onClick} disabled={submitting}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
