import { cn } from '../lib/cn';

export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

const sizes: Record<AvatarSize, string> = {
  xs: 'size-6 text-[0.625rem]',
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-14 text-lg',
  xl: 'size-24 text-3xl sm:size-28',
};

/** Up to two initials from a full name or username ("Jordan Lee" -> "JL", "jordanlee" -> "J"). */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('')
    .toUpperCase();
}

/**
 * A member's picture, or their initials on a tinted disc. Decorative by default (the name is
 * printed beside it); pass `alt` when the avatar stands alone.
 */
export function Avatar({
  name,
  src,
  size = 'md',
  alt = '',
  className,
}: {
  name: string;
  src: string | null | undefined;
  size?: AvatarSize;
  alt?: string;
  className?: string;
}) {
  const classes = cn('shrink-0 rounded-full', sizes[size], className);
  if (src) {
    return (
      <img src={src} alt={alt} loading="lazy" decoding="async" className={cn(classes, 'bg-surface-2 object-cover')} />
    );
  }
  return (
    <span
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      className={cn(classes, 'inline-flex items-center justify-center bg-info-soft font-semibold text-info-text')}
    >
      {initialsOf(name) || '?'}
    </span>
  );
}
