'use client';

import { Menu as HeadlessMenu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection, MenuSeparator } from '@headlessui/react';
import Link from 'next/link';
import type { ReactNode } from 'react';
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
export function Menu({ button, label, buttonClassName = '', entries, align = 'end', header }: MenuProps) {
  return (
    <HeadlessMenu>
      <MenuButton aria-label={label} title={label} className={buttonClassName}>
        {button}
      </MenuButton>
      <MenuItems
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
