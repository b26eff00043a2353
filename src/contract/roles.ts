/**
 * Who a login is (docs/decisions.md 42). Each entry of the endpoint table names the roles that may call it
 * (`roles`, or the default of its policy: see rolesOf in endpoint.ts); the server checks it on every request
 * and the authorization matrix test reads it for every role.
 *  - admin: everything.
 *  - bookkeeper: records entries; reads viewers, reports and documents; no voids, fees, users, staff,
 *    period locks, approvals of runs or bank changes, two-factor resets.
 *  - auditor: reads the reports, exports, tax packages and documents of the LLCs granted to them; writes nothing.
 *  - investor: their own investor records (one login may hold several: personal, IRA, trust).
 *  - delegate: reads the pages (figures, documents, as each investor granted) of the investors who invited them.
 */
export const ROLES = ['admin', 'bookkeeper', 'auditor', 'investor', 'delegate'] as const;
export type Role = (typeof ROLES)[number];

/** The roles that run the books: two-factor sign-in is required of them. */
export const STAFF_ROLES = ['admin', 'bookkeeper', 'auditor'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaff = (role: Role): role is StaffRole => (STAFF_ROLES as readonly Role[]).includes(role);

/** Common sets, so an entry reads as a sentence. */
export const ADMIN_ONLY = ['admin'] as const satisfies readonly Role[];
/** Recording the month's entries and reading what the admin reads day to day. */
export const BOOKKEEPING = ['admin', 'bookkeeper'] as const satisfies readonly Role[];
/** The LLC-scoped reports, exports, tax packages and documents (an auditor's by their LLCs). */
export const STAFF_READ = ['admin', 'bookkeeper', 'auditor'] as const satisfies readonly Role[];
/** An investor's page: the staff who run the books, the investor, and the investor's delegates. */
export const INVESTOR_PAGE = ['admin', 'bookkeeper', 'investor', 'delegate'] as const satisfies readonly Role[];
/** What only the investor themselves (or an admin for them) may do: consent, bank details. */
export const INVESTOR_OWN = ['admin', 'investor'] as const satisfies readonly Role[];
export const EVERY_ROLE = ROLES;
