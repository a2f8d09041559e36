'use client';

import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import type { Region } from 'wavesurfer.js/dist/plugins/regions.esm.js';
import { Button } from '@/components/ui/button';
import { trimPartError, type TrimPart } from '@/lib/media/playback/trim-part';

export interface TrimPanelProps {
  /** The player's waveform: the handles are drawn on it, the selection played through it. */
  wavesurfer: WaveSurfer;
  /** Seconds. */
  duration: number;
  /** Sends the part to keep; rejects with the message to show. */
  onSave: (part: TrimPart) => Promise<void>;
  saving: boolean;
  /** Closes the panel (after «Отмена», Escape or a save). */
  onClose: () => void;
}

const round = (seconds: number) => Math.round(seconds * 10) / 10;

/** One end of the part, typed in seconds to a tenth. */
function SecondsField({
  ref,
  id,
  label,
  max,
  value,
  onChange,
}: {
  ref?: Ref<HTMLInputElement>;
  id: string;
  label: string;
  max: number;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-xs text-fg-muted" htmlFor={id}>
      {label}
      <input
        ref={ref}
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        max={max}
        step={0.1}
        value={value}
        onChange={(e) => onChange(e.target.valueAsNumber)}
        className="w-24 rounded-md border border-line-strong px-2 py-1 text-sm tabular-nums"
      />
    </label>
  );
}

/**
 * «Обрезать»: two handles on the waveform (wavesurfer's regions plugin, loaded only when the panel
 * opens) and the same two times as fields, kept in step; «Прослушать» plays the selection.
 */
export function TrimPanel({ wavesurfer, duration, onSave, saving, onClose }: TrimPanelProps) {
  const [start, setStart] = useState(0);
  const [end, setEnd] = useState(round(duration));
  const [error, setError] = useState<string | null>(null);
  const regionRef = useRef<Region | null>(null);
  const startRef = useRef<HTMLInputElement | null>(null);
  const id = useId();

  useEffect(() => {
    let cancelled = false;
    let unregister = () => {};
    void import('wavesurfer.js/dist/plugins/regions.esm.js').then(({ default: RegionsPlugin }) => {
      if (cancelled) return;
      const regions = wavesurfer.registerPlugin(RegionsPlugin.create());
      unregister = () => wavesurfer.unregisterPlugin(regions);
      const region = regions.addRegion({
        start: 0,
        end: duration,
        // The accent, see-through, in either theme.
        color: 'rgb(110 150 230 / 0.22)',
        drag: false,
        resize: true,
        minLength: 1,
      });
      regionRef.current = region;
      region.on('update-end', () => {
        setStart(round(region.start));
        setEnd(round(region.end));
      });
    });
    startRef.current?.focus();
    return () => {
      cancelled = true;
      regionRef.current = null;
      unregister();
    };
  }, [wavesurfer, duration]);

  const problem = trimPartError({ start, end }, duration);

  /** A field changed: the handle follows. */
  const moveTo = (part: TrimPart) => {
    setStart(part.start);
    setEnd(part.end);
    setError(null);
    if (trimPartError(part, duration) === null) regionRef.current?.setOptions({ start: part.start, end: part.end });
  };

  const save = async () => {
    if (problem || saving) return;
    try {
      await onSave({ start, end });
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Escape' || saving) return;
    e.preventDefault();
    e.stopPropagation();
    onClose();
  };

  return (
    <div
      role="group"
      aria-label="Обрезка записи"
      className="flex flex-col gap-2 rounded-md bg-surface-2 p-3"
      onKeyDown={onKeyDown}
      data-testid="trim-panel"
    >
      <p className="text-xs text-fg-muted">Передвиньте ручки на волне или введите время: останется выделенный отрезок.</p>
      <div className="flex flex-wrap items-end gap-3">
        <SecondsField
          ref={startRef}
          id={`${id}-start`}
          label="Начало, с"
          max={round(duration)}
          value={start}
          onChange={(value) => moveTo({ start: value, end })}
        />
        <SecondsField
          id={`${id}-end`}
          label="Конец, с"
          max={round(duration)}
          value={end}
          onChange={(value) => moveTo({ start, end: value })}
        />
        <Button variant="secondary" onClick={() => regionRef.current?.play(true)} disabled={!!problem}>
          Прослушать
        </Button>
      </div>
      {problem || error ? (
        <p className="text-sm text-danger-text" role="alert">
          {error ?? problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void save()} disabled={!!problem} loading={saving}>
          Сохранить
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Отмена
        </Button>
      </div>
    </div>
  );
}
