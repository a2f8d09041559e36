'use client';

import { useRef, type ReactNode } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button';

export interface FilePickButtonProps {
  /** e.g. 'image/*' or 'video/*'. */
  accept: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  /** Accessible name of the hidden input (tests and assistive tech reach it by this label). */
  inputLabel: string;
  variant?: ButtonVariant;
  disabled?: boolean;
  /** A glyph: on a phone the button is the glyph alone (44 px, its words said but not shown), from 640 px glyph and words. */
  icon?: ReactNode;
  children: ReactNode;
}

/** A normal button that opens the file chooser of a hidden <input type="file">. */
export function FilePickButton({
  accept,
  multiple = false,
  onFiles,
  inputLabel,
  variant = 'primary',
  disabled,
  icon,
  children,
}: FilePickButtonProps) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  return (
    <>
      <Button
        variant={variant}
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
        className={icon ? 'max-sm:h-11 max-sm:w-11 max-sm:border-transparent max-sm:bg-transparent max-sm:px-0 max-sm:text-fg-muted' : ''}
      >
        {icon}
        {icon ? <span className="max-sm:sr-only">{children}</span> : children}
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        multiple={multiple}
        aria-label={inputLabel}
        tabIndex={-1}
        className="hidden"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // Reset so choosing the same file again fires change again.
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}
