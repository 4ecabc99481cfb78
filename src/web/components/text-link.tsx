import { Link, type LinkProps } from '../lib/router';
import { cn } from '../lib/cn';

export const textLinkClasses = 'rounded-sm font-medium text-link underline-offset-4 hover:underline';

/** An inline router link in the link colour. */
export function TextLink({ className, ...rest }: LinkProps & { className?: string }) {
  return <Link className={cn(textLinkClasses, className)} {...rest} />;
}
