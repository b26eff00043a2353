import { useManifest } from '../lib/manifest';

/** The product name with the optional logo (manifest flag). */
export function Brand({ logoHeight, as: Tag = 'span' }: { logoHeight: number; as?: 'span' | 'h1' }) {
  const { name, logo } = useManifest();
  return (
    <Tag className="brand d-inline-flex align-items-center gap-2 m-0">
      {logo && <img src="/logo.png" alt="" height={logoHeight} width={logoHeight} />}
      <span>{name}</span>
    </Tag>
  );
}
