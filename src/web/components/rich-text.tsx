import { cn } from '../lib/cn';

/**
 * Styles for rich HTML (forum posts, replies, descriptions) and for the editor's content, so what
 * members write looks the same as what they read. There is no typography plugin; the tags are
 * the sanitiser's allowlist (server/platform/html.ts).
 */
export const richTextClasses = [
  'text-fg leading-relaxed break-words',
  '[&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold',
  '[&_h3]:mt-5 [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_h4]:mt-4 [&_h4]:font-semibold',
  '[&>:first-child]:mt-0 [&_p]:mt-3 [&_strong]:font-semibold [&_b]:font-semibold [&_em]:italic [&_u]:underline',
  '[&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1',
  '[&_li>p]:mt-0 [&_li_ul]:mt-1 [&_li_ol]:mt-1',
  '[&_a]:font-medium [&_a]:text-link [&_a]:underline [&_a]:underline-offset-4',
  '[&_blockquote]:mt-3 [&_blockquote]:border-l-4 [&_blockquote]:border-line-strong [&_blockquote]:pl-4 [&_blockquote]:text-fg-muted',
  '[&_code]:rounded [&_code]:bg-surface-2 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em]',
  '[&_pre]:mt-3 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-surface-2 [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_img]:mt-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_hr]:my-6 [&_hr]:border-line',
].join(' ');

/** Server-sanitised HTML, styled as prose. Never pass HTML that did not come from our API. */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={cn(richTextClasses, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
