import { endpoints } from '../../../../contract/endpoints';
import { call } from '../../../lib/api-client';
import { allPages, type CsvColumn } from '../../../lib/csv-export';
import { auditEventSentence, type AuditEvent } from './audit-event-sentence';

/** The most events the audit log answers a page (AuditLogQuery): the fewest calls for the whole log. */
const CSV_PAGE_SIZE = 200;

const recordText = (record: unknown, key: string): string | undefined => {
  const value = (record as Record<string, unknown> | null | undefined)?.[key];
  return typeof value === 'string' ? value : undefined;
};

const json = (value: unknown): string | undefined => (value === null || value === undefined ? undefined : JSON.stringify(value));

/**
 * The audit events as CSV columns: the sentence the screen shows, then the facts behind it. The entry's
 * description gets a column of its own, read from the raw record (after a record, before a void), since
 * it is what a person searches the log for; the raw records follow as JSON.
 */
export const AUDIT_CSV_COLUMNS: readonly CsvColumn<AuditEvent>[] = [
  { header: 'ID', kind: 'number', value: (e) => e.id },
  { header: 'When (UTC)', kind: 'text', value: (e) => e.at },
  { header: 'User', kind: 'text', value: (e) => e.user },
  { header: 'Event', kind: 'text', value: (e) => auditEventSentence(e) },
  { header: 'Action', kind: 'text', value: (e) => e.action },
  { header: 'About', kind: 'text', value: (e) => e.entity },
  { header: 'Record ID', kind: 'text', value: (e) => e.entity_id },
  { header: 'Description', kind: 'text', value: (e) => recordText(e.after, 'description') ?? recordText(e.before, 'description') },
  { header: 'Before', kind: 'text', value: (e) => json(e.before) },
  { header: 'After', kind: 'text', value: (e) => json(e.after) },
];

/** Every event the log holds under a filter ('' for everything), newest first, read page by page. */
export const allAuditEvents = (entity: string): Promise<AuditEvent[]> =>
  allPages(
    async (page) => {
      const log = await call(endpoints.auditLog, { query: { entity: entity || undefined, page, page_size: CSV_PAGE_SIZE } });
      return { items: log.events, total: log.total };
    },
    CSV_PAGE_SIZE,
    (e) => e.id,
  );
