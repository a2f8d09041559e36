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
  children,
}: FilePickButtonProps) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  return (
    <>
      <Button variant={variant} disabled={disabled} onClick={() => inputRef.current?.click()}>
        {children}
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
