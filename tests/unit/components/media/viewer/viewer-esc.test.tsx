import { Dialog, DialogPanel } from '@headlessui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ViewerFrame } from '@/components/media/viewer/viewer-frame';

afterEach(cleanup);

/**
 * The viewer with a dialog drawn over it, outside its own (as Headless UI portals a confirmation), the focus on that
 * dialog's button; `leaving` marks its panel as Headless UI does from the frame its closing starts.
 */
function renderWithDialogOver({ leaving }: { leaving: boolean }) {
  const onClose = vi.fn();
  const onCloseOver = vi.fn();
  render(
    <>
      <ViewerFrame
        label="Просмотр фотографии"
        previous="Предыдущая фотография"
        next="Следующая фотография"
        index={0}
        count={3}
        onStep={() => undefined}
        onClose={onClose}
        itemKey={1}
        name="Море"
        zoomable={false}
        stage={<p>снимок</p>}
        actions={<button type="button">Удалить</button>}
        info={null}
        onCloseInfo={() => undefined}
        preload={[]}
      />
      <Dialog open onClose={onCloseOver} aria-label="Удалить фотографию">
        <DialogPanel>
          <div {...(leaving ? { 'data-leave': '' } : {})}>
            <button type="button">Удалить навсегда</button>
          </div>
        </DialogPanel>
      </Dialog>
    </>,
  );
  const button = screen.getByRole('button', { name: 'Удалить навсегда', hidden: true });
  button.focus();
  return { onClose, onCloseOver, button };
}

describe('the viewer’s Esc with a dialog over it', () => {
  // The CI run's failure: right after «Удалить» was confirmed the confirmation was leaving, the focus still on its
  // button for that frame, and the viewer left Esc to it (a dialog over the viewer keeps its own Esc) — but a
  // leaving dialog takes no keys, so the Esc was lost and the viewer stayed open.
  it('closes the viewer when the focus is in a dialog that is leaving', () => {
    const { onClose, button } = renderWithDialogOver({ leaving: true });
    expect(document.activeElement).toBe(button);
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('leaves Esc to a dialog over the viewer that is still open', () => {
    const { onClose, onCloseOver, button } = renderWithDialogOver({ leaving: false });
    expect(document.activeElement).toBe(button);
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    expect(onCloseOver).toHaveBeenCalled();
  });

  it('closes the viewer when the focus is in it', () => {
    const { onClose } = renderWithDialogOver({ leaving: false });
    const own = screen.getAllByRole('button', { name: 'Удалить', hidden: true })[0]!;
    own.focus();
    fireEvent.keyDown(own, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
