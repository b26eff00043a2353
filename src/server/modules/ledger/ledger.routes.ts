import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  AddInvestmentRequest,
  AddRentalDepositRequest,
  RecordedResponse,
  RecordInvestorPropertyExpenseRequest,
  RecordLcPaymentRequest,
  RecordLlcExpenseRequest,
  RecordLorenIncomeRequest,
  RecordPropertyExpenseRequest,
  RecordPropertyIncomeRequest,
} from '../../../contract/admin.js';
import { ErrorResponse } from '../../../contract/common.js';
import { writeContext, type WriteContext } from '../../lib/write-context.js';
import type { LedgerService } from './ledger.service.js';

const responses = { 201: RecordedResponse, 400: ErrorResponse, 409: ErrorResponse };

/** The recording calls of the admin forms (portal-spec §7). Each accepts an Idempotency-Key header. */
export function ledgerRoutes(ledger: LedgerService): FastifyPluginAsyncZod {
  return async (app) => {
    const post = <S extends z.ZodType>(
      url: string,
      body: S,
      handler: (input: z.output<S>, ctx: WriteContext) => Promise<RecordedResponse>,
    ) =>
      app.post(url, { config: { policy: 'admin' }, schema: { body, response: responses } }, async (request, reply) =>
        reply.code(201).send(await handler(request.body as z.output<S>, writeContext(request))),
      );

    post('/admin/record_property_income', RecordPropertyIncomeRequest, ledger.recordPropertyIncome);
    post('/admin/record_loren_income', RecordLorenIncomeRequest, ledger.recordLorenIncome);
    post('/admin/record_lc_payment', RecordLcPaymentRequest, ledger.recordLcPayment);
    post('/admin/record_property_expense', RecordPropertyExpenseRequest, ledger.recordPropertyExpense);
    post('/admin/record_investor_property_expense', RecordInvestorPropertyExpenseRequest, ledger.recordInvestorPropertyExpense);
    post('/admin/record_llc_expense', RecordLlcExpenseRequest, ledger.recordLlcExpense);
    post('/admin/add_rental_deposit', AddRentalDepositRequest, ledger.addRentalDeposit);
    post('/admin/add_investment', AddInvestmentRequest, ledger.addInvestment);
  };
}
