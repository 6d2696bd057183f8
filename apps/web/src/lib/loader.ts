/**
 * The static loader lives in index.html so it shows before any script runs. The app shows it while a
 * route chunk loads and hides it after each navigation.
 */
const loaderId = 'app-loader';

function loaderElement(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(loaderId);
}

/** Shows the page loader. */
export function showLoader(): void {
  loaderElement()?.removeAttribute('hidden');
}

/** Hides the page loader. */
export function hideLoader(): void {
  loaderElement()?.setAttribute('hidden', '');
}

/** Sets the loader's announced text, so it speaks the visitor's language. */
export function setLoaderLabel(label: string): void {
  const labelElement = loaderElement()?.querySelector('.app-loader__label');
  if (labelElement) labelElement.textContent = label;
}
