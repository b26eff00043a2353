/**
 * The running check of domain.md §3.3: replaying a balance's movements in date order, it must never go
 * below zero. On one date, additions replay before subtractions (§6.11b: money put in on the same day
 * covers the withdrawal). Returns the first date it would go negative, or null.
 */
export type Movement = { id: number; date: string; cents: number };

export function firstNegativeDate(movements: Movement[]): string | null {
  const ordered = [...movements].sort((a, b) =>
    a.date !== b.date ? (a.date < b.date ? -1 : 1) : Math.sign(b.cents) - Math.sign(a.cents) || a.id - b.id,
  );
  let running = 0;
  for (const m of ordered) {
    running += m.cents;
    if (running < 0) return m.date;
  }
  return null;
}
