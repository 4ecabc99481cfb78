import type { ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '../lib/cn';

type DialogProps = {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog, e.g. a <Button>; optional when `open` is controlled. */
  trigger?: ReactNode;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Action buttons, shown bottom-right. */
  footer?: ReactNode;
  className?: string;
  /** Where focus goes on open when not the first control (call preventDefault to take over). */
  onOpenAutoFocus?: (event: Event) => void;
  /** Where focus goes on close when not back to the trigger (call preventDefault to take over). */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * A modal dialog on Radix: focus is trapped and restored, Escape and the close button close it,
 * the title names it for screen readers.
 */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  className,
  onOpenAutoFocus,
  onCloseAutoFocus,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <RadixDialog.Content
          // Without a description Radix still expects the attribute; undefined opts out cleanly.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={onCloseAutoFocus}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-xl border border-line bg-surface text-fg shadow-xl',
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
            <div className="space-y-1">
              <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="text-sm text-fg-muted">{description}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              className="-m-1 rounded-md p-1 text-fg-muted hover:bg-surface-2 hover:text-fg"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          {children && <div className="overflow-y-auto px-5 py-4">{children}</div>}
          {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-line px-5 py-4">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Wrap a footer button so it closes the dialog when clicked. */
export const DialogClose = RadixDialog.Close;
