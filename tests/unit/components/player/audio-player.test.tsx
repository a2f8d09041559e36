import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Handler = (...args: unknown[]) => void;
const wave = {
  behaviour: 'ready' as 'ready' | 'never' | 'throw',
  created: [] as Record<string, unknown>[],
  instances: [] as { handlers: Map<string, Handler[]>; destroyed: boolean; media: HTMLAudioElement; options: Record<string, unknown>[] }[],
};

vi.mock('wavesurfer.js', () => ({
  default: {
    create(options: Record<string, unknown>) {
      if (wave.behaviour === 'throw') throw new Error('no canvas');
      wave.created.push(options);
      const handlers = new Map<string, Handler[]>();
      const media = document.createElement('audio');
      const instance = {
        handlers,
        media,
        destroyed: false,
        options: [] as Record<string, unknown>[],
        setOptions(next: Record<string, unknown>) {
          instance.options.push(next);
        },
        on(name: string, fn: Handler) {
          handlers.set(name, [...(handlers.get(name) ?? []), fn]);
          if (name === 'ready' && wave.behaviour === 'ready') queueMicrotask(() => fn(options.duration));
          return () => undefined;
        },
        getMediaElement: () => media,
        playPause: async () => handlers.get('play')?.forEach((f) => f()),
        pause: () => undefined,
        destroy() {
          instance.destroyed = true;
        },
      };
      wave.instances.push(instance);
      return instance;
    },
  },
}));

import { AudioPlayer, WAVEFORM_INIT_DELAY_MS, WAVEFORM_TIMEOUT_MS } from '@/components/player/audio-player';

const SRC = 'http://localhost:3000/media/u/1/audio/a.mp3?exp=1&sig=s';

beforeEach(() => {
  wave.behaviour = 'ready';
  wave.created = [];
  wave.instances = [];
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Runs the 300 ms init delay and lets the dynamic import resolve. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('AudioPlayer', () => {
  it('creates wavesurfer after 300 ms with the server peaks and duration on the MediaElement backend', async () => {
    render(<AudioPlayer src={SRC} peaks={[0.2, 0.8]} duration={3} title="Тест" />);
    await advance(WAVEFORM_INIT_DELAY_MS - 50);
    expect(wave.created).toHaveLength(0);
    await advance(100);
    expect(wave.created).toHaveLength(1);
    expect(wave.created[0]).toMatchObject({ url: SRC, peaks: [[0.2, 0.8]], duration: 3, backend: 'MediaElement' });
    expect(screen.getByTestId('waveform').getAttribute('data-ready')).toBe('true');
    const play = screen.getByRole('button', { name: 'Воспроизвести: Тест' });
    expect((play as HTMLButtonElement).disabled).toBe(false);
    await act(async () => {
      fireEvent.click(play);
    });
    expect(screen.getByRole('button', { name: 'Пауза: Тест' })).toBeTruthy();
    expect(screen.getByText('00:00 / 00:03')).toBeTruthy();
  });

  it('draws the waveform in the theme’s colours, and again in the new ones when the theme changes', async () => {
    const root = document.documentElement;
    root.style.setProperty('--wave', '#aaaaaa');
    root.style.setProperty('--wave-played', '#2257c5');
    render(<AudioPlayer src={SRC} peaks={[0.2, 0.8]} duration={3} title="Тема" />);
    await advance(WAVEFORM_INIT_DELAY_MS + 10);
    expect(wave.created[0]).toMatchObject({ waveColor: '#aaaaaa', progressColor: '#2257c5' });
    root.style.setProperty('--wave', '#4d5462');
    root.style.setProperty('--wave-played', '#8ab4ff');
    await act(async () => {
      root.setAttribute('data-theme', 'dark');
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(wave.instances[0]!.options.at(-1)).toMatchObject({ waveColor: '#4d5462', progressColor: '#8ab4ff' });
    root.removeAttribute('data-theme');
    root.style.removeProperty('--wave');
    root.style.removeProperty('--wave-played');
  });

  it('falls back to native controls when the waveform is not ready within 5 s', async () => {
    wave.behaviour = 'never';
    const { container } = render(<AudioPlayer src={SRC} peaks={[0.5]} duration={3} />);
    await advance(WAVEFORM_INIT_DELAY_MS + WAVEFORM_TIMEOUT_MS - 100);
    expect(container.querySelector('audio[controls]')).toBeNull();
    await advance(200);
    const audio = container.querySelector('audio[controls]') as HTMLAudioElement;
    expect(audio).not.toBeNull();
    expect(audio.getAttribute('src')).toBe(SRC);
    expect(wave.instances[0]!.destroyed).toBe(true);
  });

  it('falls back to native controls when wavesurfer fails', async () => {
    wave.behaviour = 'throw';
    const { container } = render(<AudioPlayer src={SRC} peaks={[0.5]} duration={3} />);
    await advance(WAVEFORM_INIT_DELAY_MS + 10);
    expect(container.querySelector('audio[controls]')).not.toBeNull();
  });

  it('uses native controls straight away without peaks (never decodes whole files)', () => {
    const { container } = render(<AudioPlayer src={SRC} peaks={[]} duration={3} />);
    expect(container.querySelector('audio[controls]')).not.toBeNull();
    expect(wave.created).toHaveLength(0);
  });

  it('on a media load error tries the alternative URLs, keeping the signature, then gives up', async () => {
    const { container } = render(<AudioPlayer src={SRC} peaks={null} duration={3} />);
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const audio = container.querySelector('audio');
      if (!audio) break;
      seen.push(audio.getAttribute('src')!);
      await act(async () => {
        fireEvent.error(audio);
      });
    }
    expect(seen).toEqual([
      SRC,
      'https://localhost:3000/media/u/1/audio/a.mp3?exp=1&sig=s',
      'http://localhost:3000/media/audio/a.mp3?exp=1&sig=s',
      'https://localhost:3000/media/audio/a.mp3?exp=1&sig=s',
    ]);
    expect(screen.getByRole('alert').textContent).toBe('Не удалось загрузить аудио');
  });

  it('a media error in waveform mode reloads wavesurfer with the next URL', async () => {
    render(<AudioPlayer src={SRC} peaks={[0.5]} duration={3} />);
    await advance(WAVEFORM_INIT_DELAY_MS + 10);
    const first = wave.instances[0]!;
    // What wavesurfer reports when its <audio> fails to load: the element's MediaError (jsdom has no such class).
    const mediaError = { code: 4, message: 'MEDIA_ERR_SRC_NOT_SUPPORTED' };
    Object.defineProperty(first.media, 'error', { configurable: true, value: mediaError });
    await act(async () => {
      first.handlers.get('error')?.forEach((f) => f(mediaError));
    });
    await advance(WAVEFORM_INIT_DELAY_MS + 10);
    expect(first.destroyed).toBe(true);
    expect(wave.created.at(-1)).toMatchObject({ url: 'https://localhost:3000/media/u/1/audio/a.mp3?exp=1&sig=s' });
  });
});

/** Opens the speed listbox from the keyboard and picks `label`; `offered`, when given, are the choices it must list. */
async function pickSpeed(label: string, offered?: string[]) {
  // A stand-in until engaged: focused first, as a Tab or a pointer would.
  await act(async () => {
    screen.getByRole('button', { name: /Скорость воспроизведения/ }).focus();
    await vi.advanceTimersByTimeAsync(10);
  });
  const button = screen.getByRole('button', { name: /Скорость воспроизведения/ });
  expect(document.activeElement).toBe(button);
  await act(async () => {
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    await vi.advanceTimersByTimeAsync(50);
  });
  const options = screen.getAllByRole('option');
  if (offered) expect(options.map((o) => o.textContent)).toEqual(offered);
  await act(async () => {
    fireEvent.click(options.find((o) => o.textContent === label)!);
    await vi.advanceTimersByTimeAsync(50);
  });
}

describe('AudioPlayer playback controls', () => {
  it('skips ±15 s, sets the speed with the pitch kept, and takes Space and ← → when the player itself is focused', async () => {
    render(<AudioPlayer src={SRC} peaks={[0.5]} duration={150} title="Лекция" />);
    const forward = screen.getByRole('button', { name: 'Вперёд на 15 секунд' });
    // Until the waveform is ready the controls do nothing.
    expect((forward as HTMLButtonElement).disabled).toBe(true);
    await advance(WAVEFORM_INIT_DELAY_MS + 10);
    const media = wave.instances[0]!.media;

    fireEvent.click(forward);
    fireEvent.click(forward);
    expect(media.currentTime).toBe(30);
    fireEvent.click(screen.getByRole('button', { name: 'Назад на 15 секунд' }));
    expect(media.currentTime).toBe(15);

    const speed = screen.getByRole('button', { name: /Скорость воспроизведения/ });
    expect(speed.textContent).toContain('1×');
    await pickSpeed('1,5×', ['0,75×', '1×', '1,25×', '1,5×', '2×']);
    expect([media.playbackRate, media.preservesPitch]).toEqual([1.5, true]);

    const player = screen.getByRole('group', { name: 'Плеер: Лекция' });
    expect(player.tabIndex).toBe(0);
    fireEvent.keyDown(player, { key: 'ArrowRight' });
    expect(media.currentTime).toBe(20);
    fireEvent.keyDown(player, { key: 'ArrowLeft' });
    expect(media.currentTime).toBe(15);
    // Keys on a control inside the player stay with that control.
    fireEvent.keyDown(speed, { key: 'ArrowRight' });
    fireEvent.keyDown(forward, { key: ' ' });
    expect(media.currentTime).toBe(15);
    expect(screen.getByRole('button', { name: 'Воспроизвести: Лекция' })).toBeTruthy();
    await act(async () => {
      fireEvent.keyDown(player, { key: ' ' });
    });
    expect(screen.getByRole('button', { name: 'Пауза: Лекция' })).toBeTruthy();
  });

  it('the waveform is a position slider with a spoken value, and a seek is announced (issue 27)', async () => {
    render(<AudioPlayer src={SRC} peaks={[0.5]} duration={90} title="Шум прибоя" />);
    await advance(WAVEFORM_INIT_DELAY_MS + 10);
    const media = wave.instances[0]!.media;
    const slider = screen.getByRole('slider', { name: 'Позиция: Шум прибоя' });
    expect(slider.tabIndex).toBe(0);
    expect([slider.getAttribute('aria-valuemin'), slider.getAttribute('aria-valuemax')]).toEqual(['0', '90']);
    expect(slider.getAttribute('aria-valuetext')).toBe('00:00 из 01:30');

    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'PageUp' });
    expect(media.currentTime).toBe(20);
    expect(slider.getAttribute('aria-valuenow')).toBe('20');
    expect(slider.getAttribute('aria-valuetext')).toBe('00:20 из 01:30');
    fireEvent.keyDown(slider, { key: 'End' });
    expect(media.currentTime).toBe(90);
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(media.currentTime).toBe(0);

    // The ±15 s buttons say where they landed.
    fireEvent.click(screen.getByRole('button', { name: 'Вперёд на 15 секунд' }));
    expect(screen.getByTestId('seek-status').getAttribute('role')).toBe('status');
    expect(screen.getByTestId('seek-status').textContent).toBe('Перемотано: 00:15 из 01:30');
  });

  it('with native controls the skip buttons and speed act on the native <audio>', async () => {
    const { container } = render(<AudioPlayer src={SRC} peaks={[]} duration={60} title="Без волны" />);
    const audio = container.querySelector('audio[controls]') as HTMLAudioElement;
    fireEvent.click(screen.getByRole('button', { name: 'Вперёд на 15 секунд' }));
    expect(audio.currentTime).toBe(15);
    await pickSpeed('0,75×');
    expect(audio.playbackRate).toBe(0.75);
    fireEvent.keyDown(screen.getByRole('group', { name: 'Плеер: Без волны' }), { key: 'ArrowLeft' });
    expect(audio.currentTime).toBe(10);
  });
});
