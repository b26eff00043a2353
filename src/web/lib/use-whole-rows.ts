import { useLayoutEffect, type RefObject } from 'react';

/** The custom property the scroll box's CSS reads as its max-height (app.css: .investor-table-scroll). */
export const WHOLE_ROWS_HEIGHT = '--whole-rows-height';

/** Where app.css shows history tables whole and lets the page scroll (its phone media query). */
const PAGE_SCROLLS = '(max-width: 767.98px)';

/**
 * Sizes a table's scroll box so it ends on a row boundary: a box cut through the middle of a row reads
 * as if the table ended there, half a row looks like a rendering fault, and a whole row missing is
 * plainly "scroll for more". The box's CSS sets the limit (`limitRem`, its fallback max-height); this
 * picks the tallest height within it that shows only whole rows, keeping a row together with the
 * description line opened under it (`tr.keep-with-previous`). Measured again whenever the table's size
 * changes (a description opened, a narrower window).
 */
export function useWholeRows(box: RefObject<HTMLElement | null>, limitRem: number): void {
  useLayoutEffect(() => {
    const el = box.current;
    const table = el?.querySelector('table');
    if (!el || !table) return;
    const fit = () => {
      // Where the CSS lets the page scroll instead (phones), there is no box to size: measuring every row
      // of every table there cost the phone's main thread about 400 ms at the first render.
      // Asked of the media query, not of the element's style: reading a style here would make the browser
      // recompute the whole page's styles once per table before its first paint.
      if (matchMedia(PAGE_SCROLLS).matches) {
        if (el.style.getPropertyValue(WHOLE_ROWS_HEIGHT)) el.style.removeProperty(WHOLE_ROWS_HEIGHT);
        return;
      }
      const rem = Number(getComputedStyle(document.documentElement).fontSize.replace('px', '')) || 16; // "16px"
      const limit = limitRem * rem;
      const extra = el.offsetHeight - el.clientHeight; // borders and a sideways scroll bar
      const top = el.getBoundingClientRect().top + el.clientTop - el.scrollTop;
      if (table.getBoundingClientRect().height + extra <= limit) {
        el.style.removeProperty(WHOLE_ROWS_HEIGHT);
        return;
      }
      const rows = [...table.querySelectorAll<HTMLTableRowElement>('tbody > tr')];
      let best = 0;
      rows.forEach((row, k) => {
        if (rows[k + 1]?.classList.contains('keep-with-previous')) return; // a row and its description go together
        const bottom = row.getBoundingClientRect().bottom - top + extra;
        if (bottom <= limit) best = bottom;
      });
      if (best > 0) el.style.setProperty(WHOLE_ROWS_HEIGHT, `${Math.floor(best)}px`);
      else el.style.removeProperty(WHOLE_ROWS_HEIGHT);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(table);
    return () => observer.disconnect();
  }, [box, limitRem]);
}
