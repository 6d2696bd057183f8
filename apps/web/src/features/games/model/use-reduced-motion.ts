import { useMediaQuery } from '../../../components/ui/use-media-query';

/** Whether the visitor asked the system for reduced motion; autoplay and counters stop for them. */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
