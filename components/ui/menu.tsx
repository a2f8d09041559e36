'use client';

import { Menu as HeadlessMenu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection, MenuSeparator } from '@headlessui/react';
import Link from 'next/link';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { SolidIcon } from './solid-icon';

export type MenuEntry =
  | { kind?: 'action'; label: string; onSelect: () => void; icon?: ReactNode; danger?: boolean; disabled?: boolean }
  | { kind: 'link'; label: string; href: string; icon?: ReactNode }
  /** A group of choices, one of them marked (the theme). */
  | {
      kind: 'choice';
      heading: string;
      value: string;
      options: ReadonlyArray<{ value: string; label: string }>;
      onSelect: (value: string) => void;
    };

export interface MenuProps {
  /** The button that opens it: its content (an icon, an avatar and a name) and its spoken name. */
  button: ReactNode;
  label: string;
  buttonClassName?: string;
  entries: ReadonlyArray<MenuEntry>;
  /** Where the list opens relative to the button. */
  align?: 'start' | 'end';
  /** Something above the entries (who is signed in). */
  header?: ReactNode;
  /** Marks on the button (`data-…`), so the place around can find it again (the focus back to a row's «⋯»). */
  buttonProps?: Record<`data-${string}`, string>;
  /**
   * For a menu repeated down a long list (each recording's «⋯»): a plain button that looks and is named the same
   * stands in until it is pressed or focused, and only then does the menu's code take over — a row only scrolled past
   * costs a button, not a menu (Headless UI's menu sets up its positioning and state for each one).
   */
  deferred?: boolean;
}

const ITEM =
  'group flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-fg data-disabled:opacity-50 data-focus:bg-surface-2';

function Tick({ on }: { on: boolean }) {
  return <SolidIcon name="check" className={`h-4 w-4 shrink-0 text-accent-text ${on ? '' : 'invisible'}`} />;
}

/**
 * A «⋯» or avatar menu: a button and a floating list of actions, links and marked choices. Arrow keys move,
 * typing jumps, Enter picks, Escape closes and gives the focus back to the button.
 */
export function Menu(props: MenuProps) {
  const [arrival, setArrival] = useState<{ open: boolean } | null>(null);
  if (props.deferred && !arrival) return <StandIn {...props} engage={setArrival} />;
  return <LiveMenu {...props} arrival={arrival} />;
}

/** The deferred menu's stand-in: the same button, named the same way, until it is pressed or focused. */
function StandIn({ button, label, buttonClassName = '', buttonProps, engage }: MenuProps & { engage: (how: { open: boolean }) => void }) {
  const pressing = useRef(false);
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-haspopup="menu"
      aria-expanded={false}
      className={buttonClassName}
      {...buttonProps}
      // Swapped at the click, never between a press and its release (the click would land on another button).
      onPointerDown={() => {
        pressing.current = true;
      }}
      onFocus={() => {
        if (!pressing.current) engage({ open: false });
      }}
      onClick={() => {
        pressing.current = false;
        engage({ open: true });
      }}
      onKeyDown={(e) => {
        if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
        e.preventDefault();
        engage({ open: true });
      }}
    >
      {button}
    </button>
  );
}

function LiveMenu({
  button,
  label,
  buttonClassName = '',
  entries,
  align = 'end',
  header,
  buttonProps,
  arrival,
}: MenuProps & { arrival: { open: boolean } | null }) {
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  // Taking over from the stand-in: the focus stays where the person left it, and a press opens the menu.
  useEffect(() => {
    if (!arrival) return;
    buttonRef.current?.focus();
    if (arrival.open) buttonRef.current?.click();
  }, [arrival]);
  return (
    <HeadlessMenu>
      <MenuButton ref={buttonRef} aria-label={label} title={label} className={buttonClassName} {...buttonProps}>
        {button}
      </MenuButton>
      {/* Not modal: the page stays as it is under the open menu (not made inert, so its landmarks and heading stay for
          assistive technology), as a native menu leaves it; Escape, a click outside and Tab away close it. */}
      <MenuItems
        modal={false}
        anchor={{ to: align === 'end' ? 'bottom end' : 'bottom start', gap: 6 }}
        transition
        className="z-[70] w-64 rounded-xl border border-line bg-surface p-1 text-fg shadow-float outline-none transition duration-150 ease-standard data-closed:scale-95 data-closed:opacity-0"
      >
        {header ? <div className="px-3 pb-2 pt-2">{header}</div> : null}
        {header ? <MenuSeparator className="my-1 h-px bg-line" /> : null}
        {entries.map((entry) => {
          if (entry.kind === 'choice') {
            return (
              <MenuSection key={entry.heading}>
                <MenuHeading className="px-3 pb-1 pt-2 text-xs font-medium text-fg-muted">{entry.heading}</MenuHeading>
                {entry.options.map((o) => (
                  <MenuItem
                    key={o.value}
                    as="button"
                    type="button"
                    // Headless UI keeps every item a menuitem; the chosen one is marked as current (and ticked).
                    aria-current={o.value === entry.value ? 'true' : undefined}
                    className={ITEM}
                    onClick={() => entry.onSelect(o.value)}
                  >
                    <Tick on={o.value === entry.value} />
                    {o.label}
                  </MenuItem>
                ))}
                <MenuSeparator className="my-1 h-px bg-line" />
              </MenuSection>
            );
          }
          if (entry.kind === 'link') {
            return (
              <MenuItem key={entry.label}>
                <Link href={entry.href} className={ITEM}>
                  {entry.icon}
                  {entry.label}
                </Link>
              </MenuItem>
            );
          }
          return (
            <MenuItem key={entry.label} disabled={entry.disabled}>
              <button type="button" className={`${ITEM} ${entry.danger ? 'text-danger-text' : ''}`} onClick={entry.onSelect}>
                {entry.icon}
                {entry.label}
              </button>
            </MenuItem>
          );
        })}
      </MenuItems>
    </HeadlessMenu>
  );
}
