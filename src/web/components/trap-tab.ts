import type { KeyboardEvent } from 'react';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab inside a modal dialog: showModal() keeps focus in the page, not in the dialog, so Tab past the
 * last control would leave for the browser's own. The last wraps to the first, and Shift+Tab back.
 */
export function trapTab(e: KeyboardEvent<HTMLElement>, dialog: HTMLElement | null): void {
  if (e.key !== 'Tab' || !dialog) return;
  const items = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
