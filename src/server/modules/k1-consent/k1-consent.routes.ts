import type { Handlers } from '../../http/handlers.js';
import type { K1ConsentService } from './k1-consent.service.js';

/** Electronic K-1 delivery consent: the investor's own (Account page) and the admin's list. */
export const k1ConsentRoutes = (consent: K1ConsentService) =>
  ({
    k1Consent: ({ user }) => consent.consent(user),
    giveK1Consent: ({ user, body, write }) => consent.give(user, body.disclosure_version, write()),
    withdrawK1Consent: ({ user, write }) => consent.withdraw(user, write()),
    k1Consents: () => consent.list(),
  }) satisfies Partial<Handlers>;
