import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import type { EditorProps } from '@tiptap/pm/view';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import Placeholder from '@tiptap/extension-placeholder';
import { Bold, ImagePlus, Italic, Link as LinkIcon, List, ListOrdered, Quote } from 'lucide-react';
import { cn } from '../lib/cn';
import { fieldBorder } from './field-frame';
import { richTextClasses } from './rich-text';
import { Spinner } from './spinner';
import { IMAGE_ACCEPT } from '../../shared/images';

// A self-hosted TipTap editor (the spec's cloud editor cannot load under our CSP). Import this
// module only from screens that write, so TipTap stays out of every other chunk.

const UPLOAD_IMAGE_ERROR = 'Failed to upload image';
export const LINK_ERROR = 'Enter a link that starts with http://, https:// or mailto:';
/** Shown under every editor and read with its writing area: Tab indents lists, so it says the way out. */
export const LEAVE_EDITOR_HINT = 'Press Esc, then Tab, to leave the editor.';
export const EXTERNAL_IMAGES_LEFT_OUT =
  'Images copied from other sites were left out: save them to your device and add them with the image button.';

/** Origins of the images this product stores: ours, plus those uploads answered with (S3, a CDN). */
const storageOrigins = new Set<string>();

/** Pasted or dropped HTML without the images of other sites, which the server would drop on save
 * without a word; `onDropped` hears how many went. */
function withoutForeignImages(html: string, onDropped: (count: number) => void): string {
  if (!/<img\b/i.test(html)) return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  let dropped = 0;
  for (const img of doc.querySelectorAll('img')) {
    let origin: string | null = null;
    try {
      origin = new URL(img.getAttribute('src') ?? '', window.location.href).origin;
    } catch {
      // not a URL at all
    }
    if (origin === window.location.origin || (origin && storageOrigins.has(origin))) continue;
    img.remove();
    dropped++;
  }
  if (dropped > 0) onDropped(dropped);
  return doc.body.innerHTML;
}

const ALLOWED_LINK = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;

/** Links must use http, https or mailto: the same rule the server's sanitiser applies. */
export function isAllowedLink(url: string): boolean {
  return ALLOWED_LINK.test(url.trim());
}

export type RichTextEditorProps = {
  id?: string;
  /** The form field it shows (`data-field`): the form hook focuses it and clears its error. */
  field?: string;
  label: string;
  /** HTML; '' when empty. */
  value: string;
  onChange: (html: string) => void;
  /** Minimum height of the writing area in px (spec: 300 for replies, 400 for posts). */
  height: 300 | 400;
  /** Uploads an image and resolves to its public URL; without it there is no image button. */
  uploadImage?: (file: File) => Promise<string>;
  error?: string;
  hint?: string;
  placeholder?: string;
  disabled?: boolean;
  /** Keeps the label for screen readers only. */
  labelHidden?: boolean;
};

const minHeights = { 300: 'min-h-[300px]', 400: 'min-h-[400px]' } as const;

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta']);

/**
 * Tab and Shift+Tab indent and outdent list items (and pull a line after a list into it), so a
 * keyboard user could be held in the editor (WCAG 2.1.2). After Escape, the next Tab or Shift+Tab
 * is kept from the editor and the browser moves focus as it would from any field. Returns a ref
 * for an element around the writing area.
 */
function useEscapeThenTabLeaves<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    let armed = false;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!(event.target instanceof HTMLElement) || !event.target.isContentEditable) return;
      if (event.key === 'Escape') {
        armed = true;
      } else if (event.key === 'Tab' && armed) {
        armed = false;
        // Captured above the editor, the Tab never reaches its keymaps; the browser's default runs.
        event.stopPropagation();
      } else if (!MODIFIER_KEYS.has(event.key)) {
        armed = false;
      }
    };
    const disarm = () => {
      armed = false;
    };
    box.addEventListener('keydown', onKeyDown, true);
    box.addEventListener('focusout', disarm);
    return () => {
      box.removeEventListener('keydown', onKeyDown, true);
      box.removeEventListener('focusout', disarm);
    };
  }, []);
  return ref;
}

function imageFiles(list: FileList | null | undefined): File[] {
  return Array.from(list ?? []).filter((file) => file.type.startsWith('image/'));
}

export function RichTextEditor({
  id,
  field,
  label,
  value,
  onChange,
  height,
  uploadImage,
  error,
  hint,
  placeholder,
  disabled = false,
  labelHidden = false,
}: RichTextEditorProps) {
  const autoId = useId();
  const editorId = id ?? `${autoId}-editor`;
  const labelId = `${editorId}-label`;
  const hintId = hint ? `${editorId}-hint` : undefined;
  const leaveHintId = `${editorId}-leave-hint`;
  const errorId = error ? `${editorId}-error` : undefined;
  const uploadErrorId = `${editorId}-upload-error`;
  const [uploading, setUploading] = useState(0);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const describedBy = [hintId, leaveHintId, errorId, uploadError ? uploadErrorId : undefined].filter(Boolean).join(' ');
  const frameRef = useEscapeThenTabLeaves<HTMLDivElement>();

  // The editor is created once; its handlers read the latest props through refs.
  const onChangeRef = useRef(onChange);
  const uploadRef = useRef(uploadImage);
  const lastEmitted = useRef(value);
  useEffect(() => {
    onChangeRef.current = onChange;
    uploadRef.current = uploadImage;
  });

  const insertImagesRef = useRef<(files: File[], at?: number) => void>(() => {});

  const [extensions] = useState(() => [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        isAllowedUri: (url) => isAllowedLink(url),
      },
    }),
    Image.configure({ inline: false, allowBase64: false }),
    Placeholder.configure({ placeholder: placeholder ?? '' }),
  ]);

  // The options keep their identity between renders, so the editor is only re-configured when
  // its accessible name, description or state changes (not on every keystroke).
  const [initialContent] = useState(value);
  const editorProps = useMemo<EditorProps>(
    () => ({
      attributes: {
        id: editorId,
        ...(field ? { 'data-field': field } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        ...(disabled ? { 'aria-disabled': 'true' } : {}),
        class: cn(minHeights[height], 'px-3 py-2 outline-none', richTextClasses),
      },
      transformPastedHTML: (html) => withoutForeignImages(html, () => setUploadError(EXTERNAL_IMAGES_LEFT_OUT)),
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (!uploadRef.current || files.length === 0) return false;
        event.preventDefault();
        insertImagesRef.current(files);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = imageFiles(event.dataTransfer?.files);
        if (moved || !uploadRef.current || files.length === 0) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        insertImagesRef.current(files, at);
        return true;
      },
    }),
    [editorId, field, labelId, describedBy, error, disabled, height],
  );
  const editor = useEditor({
    content: initialContent,
    extensions,
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      lastEmitted.current = html;
      onChangeRef.current(html);
    },
    editorProps,
  });

  function insertImages(files: File[], at?: number) {
    const upload = uploadRef.current;
    if (!upload) return;
    setUploadError(null);
    for (const file of files) {
      setUploading((n) => n + 1);
      upload(file)
        .then((src) => {
          storageOrigins.add(new URL(src, window.location.href).origin);
          if (editor.isDestroyed) return;
          const chain = editor.chain().focus();
          const image = { type: 'image', attrs: { src, alt: '' } };
          (at === undefined ? chain.insertContent(image) : chain.insertContentAt(at, image)).run();
        })
        .catch(() => setUploadError(UPLOAD_IMAGE_ERROR))
        .finally(() => setUploading((n) => n - 1));
    }
  }
  useEffect(() => {
    insertImagesRef.current = insertImages;
  });

  // Outside changes (a cleared form, a loaded record) replace the content; our own echoes don't,
  // so the cursor stays put while typing.
  useEffect(() => {
    if (value === lastEmitted.current) return;
    lastEmitted.current = value;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (current !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <div className="flex flex-col gap-1.5">
      {/* A <label> cannot name an editable div; clicking the text still focuses the editor, as a
          label would (keyboard users reach the editor itself with Tab). */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <span
        id={labelId}
        onClick={() => editor.commands.focus()}
        className={cn('w-fit text-sm font-medium text-fg', labelHidden && 'sr-only')}
      >
        {label}
      </span>
      <div
        ref={frameRef}
        className={cn(
          'rounded-lg border bg-surface shadow-sm',
          'has-[.ProseMirror:focus-visible]:outline-2 has-[.ProseMirror:focus-visible]:outline-offset-1 has-[.ProseMirror:focus-visible]:outline-ring',
          fieldBorder(error),
          disabled && 'opacity-60',
        )}
      >
        <Toolbar
          editor={editor}
          label={label}
          editorId={editorId}
          disabled={disabled}
          canUpload={Boolean(uploadImage)}
          uploading={uploading > 0}
          onPickImages={(files) => insertImagesRef.current(files)}
        />
        <EditorContent
          editor={editor}
          className="[&_.ProseMirror]:focus-visible:outline-none [&_.is-editor-empty:first-child]:before:pointer-events-none [&_.is-editor-empty:first-child]:before:float-left [&_.is-editor-empty:first-child]:before:h-0 [&_.is-editor-empty:first-child]:before:text-fg-muted [&_.is-editor-empty:first-child]:before:content-[attr(data-placeholder)] [&_img.ProseMirror-selectednode]:outline-2 [&_img.ProseMirror-selectednode]:outline-ring"
        />
      </div>
      {uploading > 0 && (
        <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
          <Spinner label="" /> Uploading image…
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-sm text-fg-muted">
          {hint}
        </p>
      )}
      <p id={leaveHintId} className="text-xs text-fg-muted">
        {LEAVE_EDITOR_HINT}
      </p>
      {uploadError && (
        <p id={uploadErrorId} role="alert" className="text-sm font-medium text-danger-text">
          {uploadError}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger-text">
          {error}
        </p>
      )}
    </div>
  );
}

function Toolbar({
  editor,
  label,
  editorId,
  disabled,
  canUpload,
  uploading,
  onPickImages,
}: {
  editor: Editor;
  label: string;
  editorId: string;
  disabled: boolean;
  canUpload: boolean;
  uploading: boolean;
  onPickImages: (files: File[]) => void;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [fileInput, setFileInput] = useState<HTMLInputElement | null>(null);

  const buttons: Array<{ key: string; label: string; icon: ReactNode; pressed?: boolean; run: () => void }> = [
    {
      key: 'bold',
      label: 'Bold',
      icon: <Bold />,
      pressed: state.bold,
      run: () => editor.chain().focus().toggleBold().run(),
    },
    {
      key: 'italic',
      label: 'Italic',
      icon: <Italic />,
      pressed: state.italic,
      run: () => editor.chain().focus().toggleItalic().run(),
    },
    {
      key: 'bulletList',
      label: 'Bulleted list',
      icon: <List />,
      pressed: state.bulletList,
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'orderedList',
      label: 'Numbered list',
      icon: <ListOrdered />,
      pressed: state.orderedList,
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
    {
      key: 'blockquote',
      label: 'Quote',
      icon: <Quote />,
      pressed: state.blockquote,
      run: () => editor.chain().focus().toggleBlockquote().run(),
    },
    { key: 'link', label: 'Link', icon: <LinkIcon />, pressed: state.link, run: () => setLinkOpen((open) => !open) },
    ...(canUpload ? [{ key: 'image', label: 'Image', icon: <ImagePlus />, run: openFilePicker }] : []),
  ];
  function openFilePicker() {
    fileInput?.click();
  }

  // One tab stop for the whole toolbar; arrow keys move between buttons (WAI-ARIA toolbar).
  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = buttons.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? focusIndex === last
          ? 0
          : focusIndex + 1
        : event.key === 'ArrowLeft'
          ? focusIndex === 0
            ? last
            : focusIndex - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setFocusIndex(next);
    toolbarRef.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  }

  return (
    <>
      <div
        ref={toolbarRef}
        role="toolbar"
        aria-label={`${label} formatting`}
        aria-controls={editorId}
        aria-orientation="horizontal"
        onKeyDown={handleKeyDown}
        className="flex flex-wrap items-center gap-1 border-b border-line px-2 py-1.5"
      >
        {buttons.map((button, index) => (
          <button
            key={button.key}
            type="button"
            tabIndex={index === focusIndex ? 0 : -1}
            aria-label={button.label}
            title={button.label}
            aria-pressed={button.pressed === undefined ? undefined : button.pressed}
            aria-expanded={button.key === 'link' ? linkOpen : undefined}
            aria-busy={button.key === 'image' && uploading ? true : undefined}
            disabled={disabled}
            onFocus={() => setFocusIndex(index)}
            onMouseDown={(event) => event.preventDefault()}
            onClick={button.run}
            className={cn(
              'inline-flex size-8 items-center justify-center rounded-md text-fg-muted transition-colors [&_svg]:size-4',
              'hover:bg-surface-2 hover:text-fg disabled:pointer-events-none',
              button.pressed && 'bg-surface-2 text-fg ring-1 ring-line-strong',
            )}
          >
            {button.icon}
          </button>
        ))}
      </div>
      {canUpload && (
        <input
          ref={setFileInput}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          hidden
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const files = imageFiles(event.target.files);
            event.target.value = '';
            if (files.length > 0) onPickImages(files);
          }}
        />
      )}
      {linkOpen && (
        <LinkPanel
          editor={editor}
          initial={state.href}
          active={state.link}
          onClose={() => {
            setLinkOpen(false);
            editor.commands.focus();
          }}
        />
      )}
    </>
  );
}

/** Asks for a link's address inline (no <form>: the editor often sits inside one). */
function LinkPanel({
  editor,
  initial,
  active,
  onClose,
}: {
  editor: Editor;
  initial: string;
  active: boolean;
  onClose: () => void;
}) {
  const inputId = useId();
  const [url, setUrl] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  function apply() {
    const href = url.trim();
    if (href === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      onClose();
      return;
    }
    if (!isAllowedLink(href)) {
      setError(LINK_ERROR);
      return;
    }
    const { empty } = editor.state.selection;
    if (empty && !active) {
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
        .run();
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    }
    onClose();
  }

  return (
    <div role="group" aria-label="Link" className="flex flex-col gap-1.5 border-b border-line bg-surface-2 px-3 py-2">
      <label htmlFor={inputId} className="text-sm font-medium text-fg">
        Link address
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={inputId}
          type="url"
          inputMode="url"
          // The panel opens on a click of the Link button; focus follows.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          value={url}
          placeholder="https://"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => {
            setUrl(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              onClose();
            }
          }}
          className={cn(
            'h-8 min-w-0 flex-1 rounded-md border bg-surface px-2 text-sm text-fg placeholder:text-fg-muted',
            fieldBorder(error ?? undefined),
          )}
        />
        <button
          type="button"
          onClick={apply}
          className="h-8 rounded-md bg-brand px-3 text-sm font-medium text-on-brand hover:bg-brand-hover"
        >
          Apply
        </button>
        {active && (
          <button
            type="button"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onClose();
            }}
            className="h-8 rounded-md border border-line bg-surface px-3 text-sm font-medium text-fg hover:bg-surface-2"
          >
            Remove link
          </button>
        )}
        <button
          type="button"
          onClick={onClose}
          className="h-8 rounded-md px-3 text-sm font-medium text-fg hover:bg-surface"
        >
          Cancel
        </button>
      </div>
      {error && (
        <p id={`${inputId}-error`} className="text-sm font-medium text-danger-text">
          {error}
        </p>
      )}
    </div>
  );
}
