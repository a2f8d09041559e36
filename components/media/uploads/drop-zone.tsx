'use client';

import { useRef, useState, type DragEvent, type ReactNode } from 'react';

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/**
 * Drag-and-drop target around a screen's content: files dropped anywhere on it go to `onFiles`;
 * while files are dragged over it, an outlined overlay says so. Keyboard users use the button instead.
 */
export function DropZone({ onFiles, hint, children }: { onFiles: (files: File[]) => void; hint: string; children: ReactNode }) {
  const [over, setOver] = useState(false);
  const depth = useRef(0);

  return (
    <div
      className="relative"
      data-testid="drop-zone"
      onDragEnter={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        depth.current = 0;
        setOver(false);
        const files = Array.from(e.dataTransfer.files ?? []);
        if (files.length) onFiles(files);
      }}
    >
      {children}
      {over ? (
        <div className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center rounded-lg border-4 border-dashed border-accent bg-accent-soft/90">
          <p className="text-lg font-medium text-accent-text">{hint}</p>
        </div>
      ) : null}
    </div>
  );
}
