import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LONG_PRESS_MS } from '@/hooks/use-long-press';
import { useSelectableItem } from '@/components/media/selection/use-selectable-item';
import type { SelectItem } from '@/components/media/selection/use-selection';

// jsdom has no PointerEvent: the browser's, as far as a long press reads it (the kind of pointer, where it is).
if (!('PointerEvent' in window)) {
  class PointerEvent extends MouseEvent {
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerType = init.pointerType ?? '';
    }
  }
  Object.assign(window, { PointerEvent });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Tile({ selecting, onSelect, open }: { selecting: boolean; onSelect?: SelectItem; open: () => void }) {
  const press = useSelectableItem(7, { selecting, onSelect }, open);
  return (
    <button type="button" {...press}>
      Море
    </button>
  );
}

const setup = (selecting: boolean, selectable = true) => {
  const onSelect = vi.fn<SelectItem>();
  const open = vi.fn();
  render(<Tile selecting={selecting} onSelect={selectable ? onSelect : undefined} open={open} />);
  return { onSelect, open, tile: screen.getByRole('button', { name: 'Море' }) };
};

describe('a selectable item', () => {
  it('opens on a click while nothing is selected, and a Shift-click selects it instead', () => {
    const { onSelect, open, tile } = setup(false);
    fireEvent.click(tile);
    expect(open).toHaveBeenCalledOnce();
    fireEvent.click(tile, { shiftKey: true });
    expect(onSelect).toHaveBeenCalledWith(7, true);
    expect(open).toHaveBeenCalledOnce();
  });

  it('while selecting, a click toggles it rather than opening it', () => {
    const { onSelect, open, tile } = setup(true);
    fireEvent.click(tile);
    expect(onSelect).toHaveBeenCalledWith(7, false);
    expect(open).not.toHaveBeenCalled();
  });

  it('Space on the focused item toggles it (once, however long held)', () => {
    const { onSelect, open, tile } = setup(false);
    fireEvent.keyDown(tile, { key: ' ' });
    fireEvent.keyDown(tile, { key: ' ', repeat: true });
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(7, false);
    expect(open).not.toHaveBeenCalled();
  });

  it('a long press by touch selects it, and the click that follows does not open it', () => {
    vi.useFakeTimers();
    const { onSelect, open, tile } = setup(false);
    fireEvent.pointerDown(tile, { pointerType: 'touch', clientX: 10, clientY: 10 });
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS - 50);
    });
    expect(onSelect).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(onSelect).toHaveBeenCalledWith(7, false);
    fireEvent.pointerUp(tile, { pointerType: 'touch' });
    fireEvent.click(tile);
    expect(open).not.toHaveBeenCalled();
    // The next tap is a tap again.
    fireEvent.click(tile);
    expect(open).toHaveBeenCalledOnce();
  });

  it('a short tap, a finger that moves away (a scroll) and a mouse held down select nothing', () => {
    vi.useFakeTimers();
    const { onSelect, tile } = setup(false);
    fireEvent.pointerDown(tile, { pointerType: 'touch', clientX: 10, clientY: 10 });
    fireEvent.pointerUp(tile, { pointerType: 'touch' });
    fireEvent.pointerDown(tile, { pointerType: 'touch', clientX: 10, clientY: 10 });
    fireEvent.pointerMove(tile, { pointerType: 'touch', clientX: 10, clientY: 40 });
    fireEvent.pointerDown(tile, { pointerType: 'mouse', clientX: 10, clientY: 10 });
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    });
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('where the screen does not select (an album’s page), only opens', () => {
    const { open, tile } = setup(true, false);
    fireEvent.keyDown(tile, { key: ' ' });
    fireEvent.click(tile, { shiftKey: true });
    expect(open).toHaveBeenCalledOnce();
  });
});
