import { useEffect, useRef, useState } from 'react';
import type { InvestorSummaryResponse } from '../../../../contract/schemas/investor';
import { propertyPictures } from '../investor-figures';
import { useInvestorProperty } from '../use-investor-property';
import { ExplainProvider } from '../explain/explain-context';
import { FiguresGrid } from './figures-grid';
import { PropertyPanel } from './property-panel';
import { PropertyScroller } from './property-scroller';
import { StatementsCard } from '../statements/statements-card';

/** docs/product.md "Formats and constants": the page scrolls to the panel this long after a property card is clicked. */
const SCROLL_DELAY_MS = 150;

type Props = { summary: InvestorSummaryResponse; investorName: string | undefined };

/** The loaded investor summary of docs/product.md "Screens", top to bottom, with the property detail panel last. */
export function InvestorDashboard({ summary, investorName }: Props) {
  const [selected, setSelected] = useState<string | null>(null);
  const detail = useInvestorProperty(selected, investorName);
  const scrollTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(scrollTimer.current), []);
  // The scroll waits for the delay (docs/product.md "Formats and constants") and for the panel: on a slow connection the detail arrives
  // after the delay, and scrolling before it would stop short of the panel.
  const [scrollDue, setScrollDue] = useState(false);
  const panelReady = selected === null || detail !== null;
  useEffect(() => {
    if (!scrollDue || !panelReady) return;
    setScrollDue(false);
    window.scrollTo({ top: document.body.scrollHeight, behavior: 'smooth' });
  }, [scrollDue, panelReady]);

  const toggle = (name: string) => {
    setSelected((current) => (current === name ? null : name));
    setScrollDue(false);
    window.clearTimeout(scrollTimer.current);
    scrollTimer.current = window.setTimeout(() => setScrollDue(true), SCROLL_DELAY_MS);
  };

  return (
    <ExplainProvider investorName={investorName} ownerName={summary.investor_name}>
      <FiguresGrid figures={summary} owner={summary.investor_name} />
      {/* Above the properties: the detail panel stays last, where choosing a property scrolls. */}
      <StatementsCard investorName={investorName} />
      <PropertyScroller properties={propertyPictures(summary.property_pictures)} selected={selected} onSelect={toggle} />
      {selected && detail && <PropertyPanel detail={detail} investorName={summary.investor_name} />}
    </ExplainProvider>
  );
}
