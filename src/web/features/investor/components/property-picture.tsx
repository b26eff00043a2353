import { useState } from 'react';
import { initialsOf } from '../investor-figures';

type Props = { url: string; name: string; alt: string; className?: string };

/**
 * A property's picture, cropped to fill its box. Under the picture lies a drawn tile:
 * a house's outline and the property's initials, in the page itself, with no request to any host. It
 * is what shows while a property has no picture yet (one added without it) and when a picture cannot
 * be loaded, so the layout never shows a broken image.
 *
 * The picture hides itself when it fails, and is never swapped for another element: a press that lands
 * on the picture and a release that lands on its replacement make no click in the browser. On a card the
 * lazy picture starts loading as the card scrolls into view and fails (another host out of reach) some
 * 15 ms later, just when a person or a test taps it: the tap was lost (it made a phone test flaky).
 */
export function PropertyPicture({ url, name, alt, className = '' }: Props) {
  const [failed, setFailed] = useState(false);
  return (
    // The frame is the image people and screen readers meet, whether the picture loaded or not. A span,
    // as a card's button may hold only inline elements.
    <span className={`investor-picture-frame ${className}`.trim()} role={alt ? 'img' : undefined}
      aria-label={alt || undefined} aria-hidden={alt ? undefined : true} data-picture={url ? 'given' : 'none'}>
      <svg className="investor-picture-tile" viewBox="0 0 120 80" preserveAspectRatio="xMidYMid meet" aria-hidden="true" focusable="false">
        <path d="M30 44 L60 20 L90 44 M38 38 V66 H82 V38" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round"
          strokeLinecap="round" opacity="0.35" />
        <text x="60" y="60" textAnchor="middle" fontSize="17" fontWeight="600" fill="currentColor">{initialsOf(name)}</text>
      </svg>
      {url && (
        <img src={url} alt="" className="investor-picture" hidden={failed} loading="lazy" decoding="async"
          onError={() => setFailed(true)} />
      )}
    </span>
  );
}
