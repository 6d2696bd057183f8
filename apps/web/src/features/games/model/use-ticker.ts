import { useEffect, useRef, useState } from 'react';
import { useReducedMotion } from './use-reduced-motion';

/** One step of a ticker: the new value and the delay before the following step. */
export interface TickStep<T> {
  value: T;
  delayMs: number;
}

/**
 * A value that moves on a timer. With reduced motion the value stays still, so nothing on the page
 * ticks for visitors who asked not to. `next` must be stable (a module-level function): a new one
 * restarts the timer.
 */
export function useTicker<T>(initial: () => T, next: (value: T) => TickStep<T>, firstDelayMs: number): T {
  const [value, setValue] = useState(initial);
  const valueRef = useRef(value);
  const reduced = useReducedMotion();
  useEffect(() => {
    if (reduced) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = (delayMs: number) => {
      timer = setTimeout(() => {
        const step = next(valueRef.current);
        valueRef.current = step.value;
        setValue(step.value);
        schedule(step.delayMs);
      }, delayMs);
    };
    schedule(firstDelayMs);
    return () => clearTimeout(timer);
  }, [reduced, firstDelayMs, next]);
  return value;
}
