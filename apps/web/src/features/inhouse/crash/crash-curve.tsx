import type { CrashRoundView } from '@portal/contracts';
import { crashMultiplierAt, formatMultiplier } from '@portal/contracts/bgs';
import { useEffect, useRef } from 'react';

interface CrashCurveProps {
  round: CrashRoundView | null;
  /** Server time minus this browser's time, in ms (the curve runs on the server's clock). */
  offsetMs: number;
  /** What the screen reader hears instead of the animation. */
  label: string;
}

/** Reads a CSS custom property of the page (so both themes colour the curve). */
function cssColor(element: Element, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

/**
 * The multiplier curve on a canvas, animated locally: the server sends take-off and the growth rule once
 * (crashMultiplierAt, the shared rules), and each frame draws e^(g t) up to now on the server's clock,
 * until the crash event brings the crash point. No library; one canvas and requestAnimationFrame.
 */
export function CrashCurve({ round, offsetMs, label }: CrashCurveProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const valueRef = useRef<HTMLOutputElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    let frame = 0;
    const draw = () => {
      const ratio = window.devicePixelRatio || 1;
      const width = canvas.clientWidth;
      const height = canvas.clientHeight;
      if (canvas.width !== Math.round(width * ratio)) canvas.width = Math.round(width * ratio);
      if (canvas.height !== Math.round(height * ratio)) canvas.height = Math.round(height * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.clearRect(0, 0, width, height);
      const now = Date.now() + offsetMs;
      const started = round?.startedAt ? Date.parse(round.startedAt) : null;
      const crashed = round?.phase === 'crashed';
      const crashPoint = round?.crashPoint ? Math.round(Number(round.crashPoint) * 100) : null;
      const endMs =
        started === null
          ? 0
          : crashed && round.crashedAt
            ? Math.max(0, Date.parse(round.crashedAt) - started)
            : Math.max(0, now - started);
      const current = crashed && crashPoint !== null ? crashPoint : crashMultiplierAt(endMs);
      // Axes grow with the flight: at least 10 s and 2.00x shown.
      const spanMs = Math.max(10_000, endMs * 1.15);
      const spanMultiplier = Math.max(200, current * 1.15);
      const line = cssColor(canvas, crashed ? '--color-danger' : '--color-accent', crashed ? '#d33' : '#2a8');
      const grid = cssColor(canvas, '--color-border', '#8884');
      context.strokeStyle = grid;
      context.lineWidth = 1;
      context.beginPath();
      context.moveTo(0, height - 0.5);
      context.lineTo(width, height - 0.5);
      context.stroke();
      if (started !== null) {
        context.strokeStyle = line;
        context.lineWidth = 3;
        context.beginPath();
        const steps = 80;
        for (let step = 0; step <= steps; step += 1) {
          const ms = (endMs * step) / steps;
          const multiplier = step === steps ? current : crashMultiplierAt(ms);
          const x = (ms / spanMs) * width;
          const y = height - ((multiplier - 100) / (spanMultiplier - 100)) * (height - 8) - 2;
          if (step === 0) context.moveTo(x, y);
          else context.lineTo(x, y);
        }
        context.stroke();
      }
      if (valueRef.current) {
        valueRef.current.textContent = round?.phase === 'betting' ? '' : `${formatMultiplier(current)}×`;
        valueRef.current.dataset.phase = round?.phase ?? 'none';
      }
      if (round?.phase === 'flying') frame = requestAnimationFrame(draw);
    };
    draw();
    const onResize = () => draw();
    window.addEventListener('resize', onResize);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', onResize);
    };
  }, [round, offsetMs]);

  return (
    <div className="crash-curve" role="img" aria-label={label}>
      <canvas ref={canvasRef} className="crash-curve__canvas" aria-hidden="true" />
      <output
        ref={valueRef}
        className="crash-curve__value"
        aria-hidden="true"
        data-testid="crash-multiplier"
      />
    </div>
  );
}
