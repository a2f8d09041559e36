'use client';

import { useEffect, useRef } from 'react';
import { LEVEL_HISTORY, useInputLevel } from '@/components/media/recorder/use-input-level';

/** The level in words, with the figure: what the meter says to a screen reader. */
export function levelText(percent: number): string {
  const word = percent < 8 ? 'тишина' : percent < 35 ? 'тихо' : percent < 75 ? 'хорошо слышно' : 'громко';
  return `${word}, ${percent} %`;
}

/** The theme's colours for the canvas (a canvas takes colours, not classes). */
function colours() {
  const css = getComputedStyle(document.documentElement);
  return {
    bar: css.getPropertyValue('--color-record').trim() || '#d92d2a',
    rest: css.getPropertyValue('--color-line').trim() || '#dfe3e8',
  };
}

const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The microphone's level while it records, as Voice Memos and Recorder draw it: bars scrolling from the right, one
 * for each moment, tall as it was loud. A screen reader finds a meter («Уровень звука»: «хорошо слышно, 52 %»),
 * renewed once a second. With reduced motion the bars do not scroll: one bar shows the level, renewed four times a
 * second.
 */
export function LevelMeter({ stream, active }: { stream: MediaStream | null; active: boolean }) {
  const { history, spoken } = useInputLevel(stream, active);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const g = canvas?.getContext('2d');
    if (!canvas || !g || !active) return;
    const still = reducedMotion();
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const draw = () => {
      const ratio = window.devicePixelRatio || 1;
      const width = canvas.clientWidth;
      const height = canvas.clientHeight;
      if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
        canvas.width = Math.round(width * ratio);
        canvas.height = Math.round(height * ratio);
      }
      g.setTransform(ratio, 0, 0, ratio, 0, 0);
      g.clearRect(0, 0, width, height);
      const { bar, rest } = colours();
      const levels = history.current;
      if (still) {
        // One bar across, as long as the last level.
        const level = levels.at(-1) ?? 0;
        g.fillStyle = rest;
        g.fillRect(0, height / 2 - 3, width, 6);
        g.fillStyle = bar;
        g.fillRect(0, height / 2 - 3, Math.max(2, width * level), 6);
        timer = setTimeout(draw, 250);
        return;
      }
      const pitch = width / LEVEL_HISTORY;
      const barWidth = Math.max(1.5, pitch * 0.6);
      for (let i = 0; i < LEVEL_HISTORY; i++) {
        const level = levels[levels.length - LEVEL_HISTORY + i] ?? 0;
        const h = Math.max(2, level * (height - 4));
        g.fillStyle = level > 0 ? bar : rest;
        g.fillRect(i * pitch + (pitch - barWidth) / 2, (height - h) / 2, barWidth, h);
      }
      frame = requestAnimationFrame(draw);
    };
    draw();
    return () => {
      cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
    };
  }, [active, history]);

  return (
    <div
      role="meter"
      aria-label="Уровень звука"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={spoken}
      aria-valuetext={levelText(spoken)}
      className="w-full max-w-md"
      data-testid="level-meter"
    >
      <canvas ref={canvasRef} className="block h-14 w-full" aria-hidden="true" />
    </div>
  );
}
