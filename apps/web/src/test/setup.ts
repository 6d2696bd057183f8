import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Every test starts from a fresh document, storage and theme, as a first visit would.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.lang = 'en';
});
