import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuditLogQuery,
  AuditLogResponse,
  DeleteTxnRequest,
  InvestorTxnsQuery,
  InvestorTxnsResponse,
  LlcTxnsQuery,
  LlcTxnsResponse,
  MaxCashQuery,
  MaxCashResponse,
  MaxDepositQuery,
  MaxDepositResponse,
  MaxInvestmentQuery,
  MaxInvestmentResponse,
  PropertyTxnsQuery,
  PropertyTxnsResponse,
  RecordCashWithdrawalRequest,
  RecordDepositWithdrawalRequest,
  RecordedResponse,
  RecordInvestmentWithdrawalRequest,
} from '../../../contract/admin.js';
import { ErrorResponse, MessageResponse } from '../../../contract/common.js';
import { writeContext } from '../../lib/write-context.js';
import type { AuditService } from '../audit/audit.service.js';
import type { LedgerService } from './ledger.service.js';
import type { TransactionsService } from './transactions.service.js';
import { VOID_FAMILIES, type VoidFamily, type VoidService } from './void.service.js';

const admin = { policy: 'admin' as const };
const errors = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };

type Deps = { ledger: LedgerService; voids: VoidService; transactions: TransactionsService; audit: AuditService };

/** Money leaving the books, the viewers, the voids and the audit trail (the books, part 2). */
export function withdrawalsAndVoidsRoutes({ ledger, voids, transactions, audit }: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/admin/get_max_cash_withdrawal', { config: admin, schema: { querystring: MaxCashQuery, response: { 200: MaxCashResponse, ...errors } } },
      async (request) => ({ max_cash_withdrawal: await ledger.maxCashFor(request.query.investor_name) }));
    app.get('/admin/get_max_investment_withdrawal', { config: admin, schema: { querystring: MaxInvestmentQuery, response: { 200: MaxInvestmentResponse, ...errors } } },
      async (request) => ({ max_investment_withdrawal: await ledger.maxInvestmentFor(request.query.investor_name, request.query.property_name) }));
    app.get('/admin/get_max_deposit_withdrawal', { config: admin, schema: { querystring: MaxDepositQuery, response: { 200: MaxDepositResponse, ...errors } } },
      async (request) => ({ max_deposit_withdrawal: await ledger.maxDepositFor(request.query.property_name) }));

    const created = { 201: RecordedResponse, ...errors };
    app.post('/admin/record_cash_withdrawal', { config: admin, schema: { body: RecordCashWithdrawalRequest, response: created } },
      async (request, reply) => reply.code(201).send(await ledger.recordCashWithdrawal(request.body, writeContext(request))));
    app.post('/admin/record_investment_withdrawal', { config: admin, schema: { body: RecordInvestmentWithdrawalRequest, response: created } },
      async (request, reply) => reply.code(201).send(await ledger.recordInvestmentWithdrawal(request.body, writeContext(request))));
    app.post('/admin/record_deposit_withdrawal', { config: admin, schema: { body: RecordDepositWithdrawalRequest, response: created } },
      async (request, reply) => reply.code(201).send(await ledger.recordDepositWithdrawal(request.body, writeContext(request))));

    app.get('/admin/get_property_txns', { config: admin, schema: { querystring: PropertyTxnsQuery, response: { 200: PropertyTxnsResponse, ...errors } } },
      async (request) => transactions.propertyTransactions(request.query.selectedProperty, request.query.include_voided === 'true'));
    app.get('/admin/get_llc_txns', { config: admin, schema: { querystring: LlcTxnsQuery, response: { 200: LlcTxnsResponse, ...errors } } },
      async (request) => transactions.llcTransactions(request.query.selectedLLC, request.query.include_voided === 'true'));
    app.get('/admin/get_investor_txns', { config: admin, schema: { querystring: InvestorTxnsQuery, response: { 200: InvestorTxnsResponse, ...errors } } },
      async (request) => transactions.investorTransactions(request.query.investor_name, request.query.include_voided === 'true'));

    for (const family of Object.keys(VOID_FAMILIES) as VoidFamily[]) {
      app.post(`/admin/delete_${family}`, { config: admin, schema: { body: DeleteTxnRequest, response: { 200: MessageResponse, ...errors } } },
        async (request) => voids.voidEntry(family, request.body, writeContext(request)));
    }

    app.get('/admin/audit_log', { config: admin, schema: { querystring: AuditLogQuery, response: { 200: AuditLogResponse, ...errors } } },
      async (request) => audit.page(request.query));
  };
}
