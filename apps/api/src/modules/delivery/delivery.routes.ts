import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cityRefQuery, citySearchQuery, deliveryCityDto, deliveryStreetDto, deliveryWarehouseDto, dataOf } from '@drop/shared';
import { authedCtx, requireUser } from '../../plugins/auth.ts';
import { searchCities, searchStreets, searchWarehouses } from './delivery.service.ts';

const tags = ['delivery'];
const security = [{ bearer: [] }];

/** /api/v1/delivery: Nova Poshta cities, branches and streets for the checkout form. */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  app.get('/cities', { schema: { tags, security, querystring: citySearchQuery, response: { 200: dataOf(z.array(deliveryCityDto)) } } }, async (req) => ({
    data: await searchCities(authedCtx(req), req.query.search),
  }));
  app.get('/warehouses', { schema: { tags, security, querystring: cityRefQuery, response: { 200: dataOf(z.array(deliveryWarehouseDto)) } } }, async (req) => ({
    data: await searchWarehouses(authedCtx(req), req.query.city_ref, req.query.search ?? ''),
  }));
  app.get('/streets', { schema: { tags, security, querystring: cityRefQuery, response: { 200: dataOf(z.array(deliveryStreetDto)) } } }, async (req) => ({
    data: await searchStreets(authedCtx(req), req.query.city_ref, req.query.search ?? ''),
  }));
};
