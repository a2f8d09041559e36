'use client';

import { Label, Listbox as HeadlessListbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { SolidIcon } from './solid-icon';

export interface ListboxProps<V extends string> {
  /** The visible label («Сортировка»), or the spoken name only (`hideLabel`). */
  label: string;
  hideLabel?: boolean;
  value: V;
  onChange: (value: V) => void;
  options: ReadonlyArray<{ value: V; label: string }>;
  disabled?: boolean;
  /** The frame's width, e.g. 'sm:w-60'. */
  className?: string;
  size?: 'sm' | 'md';
  /**
   * For a control repeated down a long list (each recording's speed): a plain button that looks the same stands in
   * until it is focused or pressed, and only then does the listbox's code take over, so rows that
   * are only scrolled past cost a button each.
   */
  deferred?: boolean;
  /**
   * A glyph for a compact button (the sort order in a screen's header): on a phone the button is the glyph alone
   * (44 px), the choice's name said but not shown; from 640 px the name follows it.
   */
  icon?: ReactNode;
}

const frameClass = (className: string) => `flex flex-col gap-1 ${className}`;
const labelClass = (hidden: boolean) => (hidden ? 'sr-only' : 'text-sm font-medium text-fg');
const buttonClass = (size: 'sm' | 'md', icon: boolean) =>
  `flex items-center gap-2 rounded-lg border border-line-strong bg-surface text-left text-fg disabled:cursor-not-allowed disabled:text-fg-subtle data-disabled:cursor-not-allowed data-disabled:text-fg-subtle ${
    icon
      ? 'min-h-10 min-w-10 justify-center px-2.5 text-sm touch:min-h-11 touch:min-w-11 max-sm:border-transparent max-sm:bg-transparent max-sm:px-0 max-sm:text-fg-muted max-sm:hover:bg-surface-3'
      : `w-full justify-between ${size === 'sm' ? 'min-h-9 px-2.5 text-sm tabular-nums touch:min-h-11' : 'min-h-10 px-3 text-base touch:min-h-11'}`
  }`;

function ButtonFace({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  if (icon) {
    return (
      <>
        {icon}
        <span className="truncate max-sm:sr-only">{children}</span>
        <SolidIcon name="chevronDown" className="h-4 w-4 shrink-0 text-fg-muted max-sm:hidden" />
      </>
    );
  }
  return (
    <>
      <span className="truncate">{children}</span>
      <SolidIcon name="chevronDown" className="h-4 w-4 shrink-0 text-fg-muted" />
    </>
  );
}

type Engage = (how: { open: boolean; focus: boolean }) => void;

/** The deferred listbox's stand-in: the same label, the same button, named the same way, until it is engaged. */
function StandIn<V extends string>({
  label,
  hideLabel = false,
  value,
  options,
  disabled,
  className = '',
  size = 'md',
  icon,
  engage,
}: ListboxProps<V> & { engage: Engage }) {
  const id = useId();
  const pressing = useRef(false);
  const current = options.find((o) => o.value === value);
  return (
    <div className={frameClass(className)}>
      <span id={`${id}-label`} className={labelClass(hideLabel)}>
        {label}
      </span>
      <button
        type="button"
        id={`${id}-button`}
        aria-haspopup="listbox"
        aria-expanded={false}
        aria-labelledby={`${id}-label ${id}-button`}
        disabled={disabled}
        className={buttonClass(size, !!icon)}
        // A press swaps the stand-in at its click, never at its focus: swapped between the press and the release,
        // the button under the pointer would be another one and the click would open nothing.
        onPointerDown={() => {
          pressing.current = true;
        }}
        onFocus={() => {
          if (!pressing.current) engage({ open: false, focus: true });
        }}
        onClick={() => {
          pressing.current = false;
          engage({ open: true, focus: true });
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            engage({ open: true, focus: true });
          }
        }}
      >
        <ButtonFace icon={icon}>{current?.label ?? ''}</ButtonFace>
      </button>
    </div>
  );
}

function LiveListbox<V extends string>({
  label,
  hideLabel = false,
  value,
  onChange,
  options,
  disabled,
  className = '',
  size = 'md',
  icon,
  arrival,
}: ListboxProps<V> & { arrival?: { open: boolean; focus: boolean } }) {
  const current = options.find((o) => o.value === value);
  const button = useRef<HTMLButtonElement | null>(null);
  // Taking over from the stand-in: the focus (and an open that was asked for) stays where the person left it.
  useEffect(() => {
    if (arrival?.focus) button.current?.focus();
    if (arrival?.open) button.current?.click();
  }, [arrival]);
  return (
    // The listbox's own label rather than Headless UI's Field, which costs as much again per control.
    <HeadlessListbox as="div" value={value} onChange={onChange} disabled={disabled} className={frameClass(className)}>
      <Label className={labelClass(hideLabel)}>{label}</Label>
      <ListboxButton
        ref={button}
        className={buttonClass(size, !!icon)}
        // Enter opens the list, as Space and ↓ do (Headless UI's Enter submits a form around it, and there is none).
        onKeyDown={(e: KeyboardEvent<HTMLButtonElement>) => {
          if (e.key !== 'Enter' || e.currentTarget.getAttribute('aria-expanded') === 'true') return;
          e.preventDefault();
          e.currentTarget.click();
        }}
      >
        <ButtonFace icon={icon}>{current?.label ?? ''}</ButtonFace>
      </ListboxButton>
      <ListboxOptions
        // Not modal, as a native select: the page under the open list stays whole for assistive technology.
        modal={false}
        anchor={{ to: 'bottom start', gap: 4 }}
        transition
        className="z-[70] min-w-(--button-width) rounded-xl border border-line bg-surface p-1 text-fg shadow-float outline-none transition duration-150 ease-standard data-closed:scale-95 data-closed:opacity-0"
      >
        {options.map((o) => (
          <ListboxOption
            key={o.value}
            value={o.value}
            className="group flex cursor-default items-center gap-2 rounded-lg px-3 py-2 text-sm select-none data-focus:bg-surface-2"
          >
            <span className="invisible text-accent-text group-data-selected:visible">
              <SolidIcon name="check" className="h-4 w-4 shrink-0" />
            </span>
            <span className="group-data-selected:font-medium">{o.label}</span>
          </ListboxOption>
        ))}
      </ListboxOptions>
    </HeadlessListbox>
  );
}

/**
 * One choice among a few (the sort order, the playback speed), drawn in the app's own style in both themes rather
 * than as the browser's grey select: a button showing the choice and a list under it; arrows, Home/End, typing
 * and Enter work as in a select, and screen readers hear a listbox.
 */
export function Listbox<V extends string>(props: ListboxProps<V>) {
  const [arrival, setArrival] = useState<{ open: boolean; focus: boolean } | null>(null);
  if (props.deferred && !arrival) return <StandIn {...props} engage={setArrival} />;
  return <LiveListbox {...props} arrival={arrival ?? undefined} />;
}
