import { useId } from 'react';
import { PropertyPicture } from './property-picture';

type Props = {
  properties: { name: string; url: string }[];
  selected: string | null;
  onSelect: (name: string) => void;
};

/**
 * 'Your Investment Properties' (docs/product.md "Screens"): picture cards in one horizontal row, four per row at
 * medium width; on phones a card and a bit of the next show, so the row reads as swipeable.
 */
export function PropertyScroller({ properties, selected, onSelect }: Props) {
  const titleId = useId();
  return (
    <section className="mt-4" aria-labelledby={titleId}>
      <h2 id={titleId} className="investor-section-title">
        Your Investment Properties
      </h2>
      <p className="investor-help">Choose a property to see its figures below; choose it again to close them.</p>
      {properties.length === 0 ? (
        <p className="investor-empty card py-4">No properties available</p>
      ) : (
        <div className="row flex-nowrap g-3 investor-property-scroller">
          {properties.map(({ name, url }) => (
            <div key={name} className="col-10 col-sm-6 col-md-3">
              <button type="button" className="card investor-property-card w-100 h-100 p-0"
                aria-pressed={selected === name} onClick={() => onSelect(name)}>
                {/* The name below is the button's label, so the picture itself is decorative. */}
                <PropertyPicture url={url} name={name} alt="" className="investor-property-picture" />
                <span className="investor-property-name">{name}</span>
              </button>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
