import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddExpenseCategoryRequest,
  AddInvestmentPropertyRequest,
  AddInvestorRequest,
  AddInvestorResponse,
  AddLlcRequest,
  AddLorenRequest,
  LlcQuery,
  LlcResponse,
  PropertyNotesQuery,
  PropertyNotesResponse,
  SetInvestorFeeRequest,
  SetPropertyNotesRequest,
  UpdateLlcRequest,
} from '../../contract/admin.js';
import { ErrorResponse, MessageResponse } from '../../contract/common.js';
import { writeContext } from '../lib/write-context.js';
import type { CategoriesService } from './categories/categories.service.js';
import type { InvestorsService } from './investors/investors.service.js';
import type { LlcsService } from './llcs/llcs.service.js';
import type { LorensService } from './lorens/lorens.service.js';
import type { PropertiesService } from './properties/properties.service.js';

const errors = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const admin = { policy: 'admin' as const };

type Deps = {
  llcs: LlcsService;
  properties: PropertiesService;
  investors: InvestorsService;
  categories: CategoriesService;
  lorens: LorensService;
};

/** The master data of the back office: LLCs, properties, investors, categories, lorens, notes. */
export function masterDataRoutes({ llcs, properties, investors, categories, lorens }: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/admin/add_investment_property', { config: admin, schema: { body: AddInvestmentPropertyRequest, response: { 201: MessageResponse, ...errors } } },
      async (request, reply) => {
        await properties.addProperty(request.body, writeContext(request));
        return reply.code(201).send({ message: 'New property added successfully' });
      });

    app.post('/admin/add_investor', { config: admin, schema: { body: AddInvestorRequest, response: { 201: AddInvestorResponse, ...errors } } },
      async (request, reply) => {
        const { secret } = await investors.addInvestor(request.body, writeContext(request));
        // The secret is shown once and never stored in clear: keep it out of every cache.
        return reply.code(201).send({ message: `New investor added successfully, login secret is: ${secret}`, secret });
      });

    app.post('/admin/set_investor_fee', { config: admin, schema: { body: SetInvestorFeeRequest, response: { 200: MessageResponse, ...errors } } },
      async (request) => {
        await investors.setInvestorFee(request.body, writeContext(request));
        return { message: 'Fee updated successfully' };
      });

    app.post('/admin/add_expense_category', { config: admin, schema: { body: AddExpenseCategoryRequest, response: { 201: MessageResponse, ...errors } } },
      async (request, reply) => {
        await categories.addCategory(request.body, writeContext(request));
        return reply.code(201).send({ message: 'New category added successfully' });
      });

    app.get('/admin/get_property_notes', { config: admin, schema: { querystring: PropertyNotesQuery, response: { 200: PropertyNotesResponse, ...errors } } },
      async (request) => properties.getNotes(request.query.property_name));

    app.post('/admin/set_property_notes', { config: admin, schema: { body: SetPropertyNotesRequest, response: { 200: MessageResponse, ...errors } } },
      async (request) => {
        await properties.setNotes(request.body, writeContext(request));
        return { message: 'Notes updated successfully!' };
      });

    app.post('/admin/add_llc', { config: admin, schema: { body: AddLlcRequest, response: { 201: MessageResponse, ...errors } } },
      async (request, reply) => {
        await llcs.addLlc(request.body, writeContext(request));
        return reply.code(201).send({ message: 'New LLC added successfully' });
      });

    app.get('/admin/get_llc', { config: admin, schema: { querystring: LlcQuery, response: { 200: LlcResponse, ...errors } } },
      async (request) => llcs.getLlc(request.query.llc_name));

    app.post('/admin/update_llc', { config: admin, schema: { body: UpdateLlcRequest, response: { 200: MessageResponse, ...errors } } },
      async (request) => {
        await llcs.updateLlc(request.body, writeContext(request));
        return { message: 'LLC updated successfully' };
      });

    app.post('/admin/add_loren', { config: admin, schema: { body: AddLorenRequest, response: { 201: MessageResponse, ...errors } } },
      async (request, reply) => {
        await lorens.addLoren(request.body.loren_name, writeContext(request));
        return reply.code(201).send({ message: 'New loren added successfully' });
      });
  };
}
