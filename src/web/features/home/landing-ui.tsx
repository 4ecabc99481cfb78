import { responsiveImage } from '../../lib/responsive-image';

// Shared look of the landing page's sections.
export const container = 'mx-auto max-w-6xl px-4 sm:px-6';
export const sectionTitle = 'text-3xl font-semibold tracking-tight text-balance text-fg sm:text-4xl';
export const eyebrow = 'text-sm font-semibold tracking-wide text-link uppercase';

// The teaser's frame, shared by its skeleton (first load) and itself (deferred): no jump.
export const teaserSection = 'border-y border-line bg-surface py-16 sm:py-20';
export const teaserGrid = `${container} grid items-center gap-10 lg:grid-cols-2`;
export const teaserPictures = 'relative sm:pr-16 sm:pb-12';

/** A decorative picture, or a soft brand gradient where there is none. */
export function CoverImage({
  src,
  sizes,
  className,
}: {
  src: string | null | undefined;
  /** How wide it is shown (the img sizes attribute), for picking among the stored widths. */
  sizes: string;
  className: string;
}) {
  return src ? (
    <img
      {...responsiveImage(src)}
      sizes={sizes}
      alt=""
      loading="lazy"
      className={`${className} bg-surface-2 object-cover`}
    />
  ) : (
    <div
      aria-hidden="true"
      className={`${className} bg-gradient-to-br from-indigo-500/30 via-surface-2 to-sky-500/25`}
    />
  );
}

/**
 * components/skeleton.tsx's look, inlined: the landing page's first load then needs one chunk
 * less (it counts against the first load's budget, tests/e2e/weight.spec.ts). Use Skeleton
 * everywhere else.
 */
export function Bone({ className }: { className: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-surface-2 ${className}`} />;
}
