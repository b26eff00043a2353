/**
 * What the page shows while the summary loads: 'Loading...' (docs/product.md "Screens") inside cards of the same
 * shape as the summary cards, and the returns' row below them, so nothing jumps when the figures arrive.
 */
export function SummarySkeleton() {
  return (
    <>
      <div className="row g-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="col-12 col-md-4">
            <div className="card investor-card h-100" aria-hidden={i > 0 ? true : undefined}>
              <div className="card-body placeholder-glow">
                <span className="placeholder col-6 investor-card-title d-block" />
                <p className="investor-figure text-body-secondary" role={i === 0 ? 'status' : undefined}>
                  Loading...
                </p>
                <span className="placeholder col-10 placeholder-xs d-block" />
              </div>
            </div>
          </div>
        ))}
      </div>
      <div className="row g-3 mt-0" aria-hidden="true">
        {[0, 1].map((i) => (
          <div key={i} className="col-12 col-md-6">
            <div className="card investor-card h-100">
              <div className="card-body placeholder-glow">
                <span className="placeholder col-4 investor-card-title d-block" />
                <span className="placeholder col-3 placeholder-lg d-block my-3" />
                <span className="placeholder col-8 placeholder-xs d-block" />
              </div>
            </div>
          </div>
        ))}
      </div>
    </>
  );
}
