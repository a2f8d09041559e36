import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IconButton } from '@/components/ui/icon-button';
import { Listbox } from '@/components/ui/listbox';
import { Menu } from '@/components/ui/menu';
import { Sheet } from '@/components/ui/dialog';
import { SkeletonRows } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';

afterEach(cleanup);

const SPEEDS = [
  { value: '1', label: '1×' },
  { value: '2', label: '2×' },
];

function Speed({ deferred }: { deferred?: boolean }) {
  const [v, setV] = useState('1');
  return <Listbox label="Скорость" hideLabel deferred={deferred} value={v} onChange={setV} options={SPEEDS} />;
}

describe('Listbox', () => {
  it('is a button named by its label and its choice, with a list of options, never a native select', async () => {
    render(<Speed />);
    const button = screen.getByRole('button', { name: /^Скорость/ });
    expect(document.querySelector('select')).toBeNull();
    await act(async () => {
      fireEvent.keyDown(button, { key: 'ArrowDown' });
    });
    const two = await screen.findByRole('option', { name: '2×' });
    await act(async () => {
      fireEvent.click(two);
    });
    expect(screen.getByRole('button', { name: /^Скорость/ }).textContent).toBe('2×');
  });

  it('deferred, it is a plain button until engaged, then the real listbox takes the focus and opens when pressed', async () => {
    render(<Speed deferred />);
    const standIn = screen.getByRole('button', { name: /^Скорость/ });
    expect(standIn.getAttribute('aria-haspopup')).toBe('listbox');
    expect(standIn.textContent).toBe('1×');
    await act(async () => {
      fireEvent.click(standIn);
    });
    const live = screen.getByRole('button', { name: /^Скорость/ });
    expect(live).not.toBe(standIn);
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    // Open, the list has the focus; closed again, its button does.
    expect(screen.getByRole('listbox').contains(document.activeElement)).toBe(true);
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    });
    expect(document.activeElement).toBe(live);
  });
});

describe('Menu', () => {
  it('opens a list of actions, links and a marked choice from its button', async () => {
    const onSelect = vi.fn();
    const onTheme = vi.fn();
    render(
      <Menu
        label="Меню пользователя"
        button="А"
        entries={[
          { kind: 'link', label: 'Профиль', href: '/profile' },
          {
            kind: 'choice',
            heading: 'Тема',
            value: 'dark',
            options: [
              { value: 'light', label: 'Светлая' },
              { value: 'dark', label: 'Тёмная' },
            ],
            onSelect: onTheme,
          },
          { label: 'Выйти', onSelect },
        ]}
      />,
    );
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('button', { name: 'Меню пользователя' }), { key: 'Enter' });
    });
    expect(await screen.findByRole('menu')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Профиль' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('menuitem', { name: 'Тёмная' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('menuitem', { name: 'Светлая' }).getAttribute('aria-current')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: 'Светлая' }));
    });
    expect(onTheme).toHaveBeenCalledWith('light');
  });
});

describe('the other pieces', () => {
  it('an icon button has a spoken name and a tooltip', () => {
    render(
      <IconButton label="Закрыть">
        <svg />
      </IconButton>,
    );
    const b = screen.getByRole('button', { name: 'Закрыть' });
    expect(b.getAttribute('title')).toBe('Закрыть');
  });

  it('a sheet is a dialog with its title and a close button', async () => {
    render(
      <Sheet open onClose={() => undefined} title="Выбор">
        <p>содержимое</p>
      </Sheet>,
    );
    expect(await screen.findByRole('dialog', { name: 'Выбор' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Закрыть' })).toBeTruthy();
  });

  it('skeleton rows say what is loading and hide their blocks', () => {
    render(<SkeletonRows label="Загрузка аудиозаписей" rows={3} />);
    expect(screen.getByRole('status', { name: 'Загрузка аудиозаписей' })).toBeTruthy();
  });

  it('tabs switch with the arrow keys', async () => {
    render(
      <Tabs
        label="Способ входа"
        tabs={[
          { title: 'Email', content: <p>почта</p> },
          { title: 'Телефон', content: <p>номер</p> },
        ]}
      />,
    );
    const first = screen.getByRole('tab', { name: 'Email' });
    await act(async () => {
      first.focus();
      fireEvent.keyDown(first, { key: 'ArrowRight' });
    });
    expect(screen.getByRole('tab', { name: 'Телефон' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('номер')).toBeTruthy();
  });
});
