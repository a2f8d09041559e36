import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { SnackbarHost } from '@/components/ui/snackbar-host';
import { TextField } from '@/components/ui/text-field';
import { useSnackbar, useSnackbarLayer } from '@/hooks/use-snackbar';

afterEach(() => vi.useRealTimers());

function Trigger() {
  const { showSuccess, showError } = useSnackbar();
  return (
    <>
      <button onClick={() => showSuccess('Сохранено')}>ok</button>
      <button onClick={() => showError('Сбой')}>fail</button>
    </>
  );
}

/** The snackbars' code comes with the first of them (snackbar-host.tsx): lets it arrive and draw. */
async function snackbarsShown() {
  await act(async () => {
    await import('@/components/ui/snackbars');
    await new Promise<void>((resolve) => queueMicrotask(resolve));
  });
}

describe('snackbars', () => {
  it('show success as status and error as alert, and close after 5 s', async () => {
    vi.useFakeTimers();
    render(
      <Provider store={createStore()}>
        <Trigger />
        <SnackbarHost />
      </Provider>,
    );
    fireEvent.click(screen.getByText('ok'));
    fireEvent.click(screen.getByText('fail'));
    await snackbarsShown();
    expect(screen.getByRole('status')).toHaveProperty('textContent', expect.stringContaining('Сохранено'));
    expect(screen.getByRole('alert')).toHaveProperty('textContent', expect.stringContaining('Сбой'));
    act(() => {
      vi.advanceTimersByTime(4_900);
    });
    expect(screen.queryByText('Сохранено')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Сохранено')).toBeNull();
    expect(screen.queryByText('Сбой')).toBeNull();
  });

  it('keeps one with an action («Отменить») for 20 s, so the undo can be reached in time', async () => {
    vi.useFakeTimers();
    const onAction = vi.fn();
    function Undoable() {
      const { showSuccess } = useSnackbar();
      return <button onClick={() => showSuccess('Перемещено в корзину: 3', { label: 'Отменить', onAction })}>trash</button>;
    }
    render(
      <Provider store={createStore()}>
        <Undoable />
        <SnackbarHost />
      </Provider>,
    );
    fireEvent.click(screen.getByText('trash'));
    await snackbarsShown();
    act(() => {
      vi.advanceTimersByTime(19_900);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Отменить' }));
    expect(onAction).toHaveBeenCalledOnce();
    expect(screen.queryByText('Перемещено в корзину: 3')).toBeNull();

    fireEvent.click(screen.getByText('trash'));
    act(() => {
      vi.advanceTimersByTime(20_100);
    });
    expect(screen.queryByText('Перемещено в корзину: 3')).toBeNull();
  });
});

describe('snackbar undo (issue 27: one key away, and the focus kept)', () => {
  function Undoable({ onAction }: { onAction: () => void }) {
    const { showSuccess } = useSnackbar();
    return (
      <>
        <button onClick={() => showSuccess('Запись перемещена в корзину', { label: 'Отменить', onAction })}>trash</button>
        <input aria-label="Поиск" />
      </>
    );
  }
  const renderUndoable = (onAction: () => void) =>
    render(
      <Provider store={createStore()}>
        <Undoable onAction={onAction} />
        <SnackbarHost />
      </Provider>,
    );

  it('Ctrl+Z (⌘Z, any layout) runs «Отменить» from wherever the focus is, but leaves a field its own undo', async () => {
    const onAction = vi.fn();
    renderUndoable(onAction);
    fireEvent.click(screen.getByText('trash'));
    await snackbarsShown();
    expect(screen.getByRole('button', { name: 'Отменить' }).getAttribute('aria-keyshortcuts')).toBe('Control+Z Meta+Z');
    expect(screen.getByRole('status').textContent).toContain('Отменить: Ctrl+Z.');

    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Поиск' }), { key: 'z', code: 'KeyZ', ctrlKey: true });
    expect(onAction).not.toHaveBeenCalled();

    fireEvent.keyDown(screen.getByText('trash'), { key: 'я', code: 'KeyZ', metaKey: true });
    expect(onAction).toHaveBeenCalledOnce();
    expect(screen.queryByText('Запись перемещена в корзину')).toBeNull();
    // Once it is gone, Ctrl+Z is nobody's business here.
    fireEvent.keyDown(document.body, { key: 'z', code: 'KeyZ', ctrlKey: true });
    expect(onAction).toHaveBeenCalledOnce();
  });

  it('after «Отменить» the focus goes back to where it came from, not to <body>', async () => {
    const onAction = vi.fn();
    renderUndoable(onAction);
    const trigger = screen.getByText('trash');
    fireEvent.click(trigger);
    await snackbarsShown();
    trigger.focus();
    const undo = screen.getByRole('button', { name: 'Отменить' });
    undo.focus();
    fireEvent.click(undo);
    expect(onAction).toHaveBeenCalledOnce();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });
});

describe('snackbars inside a full-screen modal (issue 45, S3: the viewer)', () => {
  function Modal({ onAction, layer }: { onAction: () => void; layer: boolean }) {
    const { showSuccess } = useSnackbar();
    const [place, setPlace] = useState<HTMLElement | null>(null);
    useSnackbarLayer(layer ? place : null);
    return (
      <div role="dialog" aria-modal="true" aria-label="Просмотр" ref={setPlace} data-snackbar-layer={layer ? '' : undefined}>
        <button onClick={() => showSuccess('Фотография удалена', { label: 'Отменить', onAction })}>delete</button>
      </div>
    );
  }
  const renderModal = (onAction: () => void, layer: boolean) =>
    render(
      <Provider store={createStore()}>
        <Modal onAction={onAction} layer={layer} />
        <SnackbarHost />
      </Provider>,
    );

  it('shows the snackbar inside the modal that asks for it, where Ctrl+Z undoes and «Отменить» is among its own buttons', async () => {
    const onAction = vi.fn();
    renderModal(onAction, true);
    const dialog = screen.getByRole('dialog', { name: 'Просмотр' });
    // The live region is in the modal from the start, before anything is said.
    expect(dialog.querySelector('[aria-live="polite"]')).not.toBeNull();
    fireEvent.click(screen.getByText('delete'));
    await snackbarsShown();
    expect(dialog.contains(screen.getByRole('button', { name: 'Отменить' }))).toBe(true);
    fireEvent.keyDown(screen.getByText('delete'), { key: 'z', code: 'KeyZ', ctrlKey: true });
    expect(onAction).toHaveBeenCalledOnce();
  });

  it('leaves Ctrl+Z to any other dialog, and shows the snackbar outside it', async () => {
    const onAction = vi.fn();
    renderModal(onAction, false);
    fireEvent.click(screen.getByText('delete'));
    await snackbarsShown();
    expect(screen.getByRole('dialog', { name: 'Просмотр' }).contains(screen.getByRole('button', { name: 'Отменить' }))).toBe(false);
    fireEvent.keyDown(screen.getByText('delete'), { key: 'z', code: 'KeyZ', ctrlKey: true });
    expect(onAction).not.toHaveBeenCalled();
  });

  it('after Ctrl+Z pressed in the snackbar itself the focus goes back where it came from (m2)', async () => {
    const onAction = vi.fn();
    renderModal(onAction, true);
    const trigger = screen.getByText('delete');
    fireEvent.click(trigger);
    await snackbarsShown();
    trigger.focus();
    const undo = screen.getByRole('button', { name: 'Отменить' });
    undo.focus();
    fireEvent.keyDown(undo, { key: 'z', code: 'KeyZ', ctrlKey: true });
    expect(onAction).toHaveBeenCalledOnce();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });
});

describe('Button', () => {
  it('drawn before the page’s code runs, a waiting button looks ready (not greyed) but cannot be pressed yet', () => {
    const html = renderToString(<Button onClick={() => undefined}>VK ID</Button>);
    expect(html).toContain('disabled=""');
    expect(html).not.toMatch(/disabled:(bg|text)-/);
    const loading = renderToString(
      <Button loading onClick={() => undefined}>
        Войти
      </Button>,
    );
    expect(loading).toMatch(/disabled:/);
  });

  it('is disabled and busy while loading', () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Отправить
      </Button>,
    );
    const b = screen.getByRole('button', { name: 'Отправить' });
    expect(b).toHaveProperty('disabled', true);
    expect(b.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(b);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('TextField', () => {
  it('labels the input and links the error text', () => {
    render(<TextField label="Email" error="Введите корректный email" />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe('Введите корректный email');
  });
});

describe('Dialog', () => {
  it('a normal dialog closes on Escape', async () => {
    const onClose = vi.fn();
    render(
      <Dialog open onClose={onClose} title="Изменить">
        <input aria-label="x" />
      </Dialog>,
    );
    expect(await screen.findByRole('dialog', { name: 'Изменить' })).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
  it('a static dialog asks onRequestClose instead of closing', async () => {
    const onClose = vi.fn();
    const onRequestClose = vi.fn();
    render(
      <Dialog open static onClose={onClose} onRequestClose={onRequestClose} title="Запись" width={800}>
        <input aria-label="x" />
      </Dialog>,
    );
    await screen.findByRole('dialog', { name: 'Запись' });
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(onRequestClose).toHaveBeenCalledTimes(2);
    expect(onClose).not.toHaveBeenCalled();
  });
});
