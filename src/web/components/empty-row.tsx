import type { ReactNode } from 'react';

/** The one row of an empty table: the spec's empty text in one cell across every column (docs/product.md "Formats and constants"). */
export function EmptyRow({ columns, className, children }: { columns: number; className: string; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className={className}>
        {children}
      </td>
    </tr>
  );
}
