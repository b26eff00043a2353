import type { Handlers } from '../../http/handlers.js';
import type { RecordingService } from './recording.service.js';

/** The recording calls of the admin forms (docs/api.md). Each accepts an Idempotency-Key header. */
export const recordingRoutes = (recording: RecordingService) =>
  ({
    recordPropertyIncome: ({ body, write }) => recording.recordPropertyIncome(body, write()),
    recordLorenIncome: ({ body, write }) => recording.recordLorenIncome(body, write()),
    recordLcPayment: ({ body, write }) => recording.recordLcPayment(body, write()),
    recordPropertyExpense: ({ body, write }) => recording.recordPropertyExpense(body, write()),
    recordInvestorPropertyExpense: ({ body, write }) => recording.recordInvestorPropertyExpense(body, write()),
    recordLlcExpense: ({ body, write }) => recording.recordLlcExpense(body, write()),
    addRentalDeposit: ({ body, write }) => recording.addRentalDeposit(body, write()),
    addInvestment: ({ body, write }) => recording.addInvestment(body, write()),
  }) satisfies Partial<Handlers>;
