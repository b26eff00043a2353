import { useState } from 'react';

type Props = { url: string; name: string; alt: string; className?: string; size?: number };

/**
 * A property's picture, cropped to fill its box. Pictures live on other hosts; when one cannot be loaded
 * a neutral tile with the property's initial takes its place, so the layout never shows a broken image.
 */
export function PropertyPicture({ url, name, alt, className = '', size }: Props) {
  const [failed, setFailed] = useState(!url);
  if (failed) {
    return (
      <div className={`investor-picture-fallback ${className}`.trim()} role={alt ? 'img' : undefined}
        aria-label={alt || undefined} aria-hidden={alt ? undefined : true}>
        <span aria-hidden="true">{name.trim().charAt(0).toUpperCase() || '?'}</span>
      </div>
    );
  }
  return (
    <img src={url} alt={alt} className={`investor-picture ${className}`.trim()} width={size} height={size}
      loading="lazy" decoding="async" onError={() => setFailed(true)} />
  );
}
