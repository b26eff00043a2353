import { useState } from 'react';

type Props = { url: string; name: string; alt: string; className?: string };

/**
 * A property's picture, cropped to fill its box. Pictures live on other hosts; under the picture lies a
 * neutral tile with the property's initial, which shows when there is no picture or it cannot be loaded,
 * so the layout never shows a broken image.
 *
 * The picture hides itself when it fails, and is never swapped for another element: a press that lands
 * on the picture and a release that lands on its replacement make no click in the browser. On a card the
 * lazy picture starts loading as the card scrolls into view and fails (another host out of reach) some
 * 15 ms later, just when a person or a test taps it: the tap was lost (issue 12's flaky phone test).
 */
export function PropertyPicture({ url, name, alt, className = '' }: Props) {
  const [failed, setFailed] = useState(false);
  return (
    // The frame is the image people and screen readers meet, whether the picture loaded or not. A span,
    // as a card's button may hold only inline elements.
    <span className={`investor-picture-frame ${className}`.trim()} role={alt ? 'img' : undefined}
      aria-label={alt || undefined} aria-hidden={alt ? undefined : true}>
      <span className="investor-picture-initial">{name.trim().charAt(0).toUpperCase() || '?'}</span>
      {url && (
        <img src={url} alt="" className="investor-picture" hidden={failed} loading="lazy" decoding="async"
          onError={() => setFailed(true)} />
      )}
    </span>
  );
}
