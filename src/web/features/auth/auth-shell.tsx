import type { ReactNode } from 'react';
import { Card } from '../../components/card';

/** The centred card every auth screen sits in: one h1, a short lead, the form, a footer line. */
export function AuthShell({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="relative isolate px-4 py-12 sm:py-20">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-72 bg-[radial-gradient(ellipse_at_top,var(--glow),transparent_70%)]"
      />
      <div className="mx-auto w-full max-w-sm">
        <h1 className="text-center text-2xl font-semibold tracking-tight text-fg">{title}</h1>
        {description && <p className="mt-2 text-center text-sm text-fg-muted">{description}</p>}
        <Card className="mt-8">{children}</Card>
        {footer && <div className="mt-6 text-center text-sm text-fg-muted">{footer}</div>}
      </div>
    </div>
  );
}
