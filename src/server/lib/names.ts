/**
 * A name as a person types it, case and surrounding spaces aside: how investors, properties and LLCs
 * are matched when asked for by name, and how answers kept by name are keyed. NFC first, so a name
 * typed with combining accents is the same name as one typed precomposed.
 */
export const nameKey = (name: string): string => name.normalize('NFC').trim().toLowerCase();

/** Whether two names are the same name (see nameKey). */
export const sameName = (a: string, b: string): boolean => nameKey(a) === nameKey(b);
