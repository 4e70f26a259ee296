import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogueMessages as m,
  cloneDurations,
  cloneDurationsInput,
  currencyInput,
  currencySettings,
  discount,
  discountInput,
  discountList,
  timePeriod,
  timePeriodInput,
  timePeriodList,
} from '@mawingu/contracts/admin/catalogue';
import { envelope } from '@mawingu/contracts/envelope';
import { reply } from '../../../http/envelope.ts';
import { companyIdParams } from '@mawingu/contracts/admin/companies';
import { idParams, failures, done, tags } from './route-parts.ts';
import type { CatalogueRouteContext } from './route-parts.ts';

/** The console's catalogue: purchase terms: time periods, clone durations, discounts, the currency rate. */
export function termsRoutes({ catalogue, guard, base, who }: CatalogueRouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    // ---- time periods ----
    app.get(
      `${base}/time-periods`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Time periods of the configurator',
          params: companyIdParams,
          response: { 200: envelope(timePeriodList), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.listTimePeriods((await who(req)).companyId)),
    );
    app.post(
      `${base}/time-periods`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Adds a time period (days, label)',
          params: companyIdParams,
          body: timePeriodInput,
          response: { 200: envelope(timePeriod), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.createTimePeriod(await who(req), req.body), m.saved),
    );
    app.put(
      `${base}/time-periods/:id`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Changes a time period',
          params: idParams,
          body: timePeriodInput,
          response: { 200: envelope(timePeriod), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.updateTimePeriod(await who(req), req.params.id, req.body), m.saved),
    );
    app.delete(
      `${base}/time-periods/:id`,
      { ...guard, schema: { tags, summary: 'Removes a time period', params: idParams, response: { 200: done, ...failures } } },
      async (req, res) => {
        await catalogue.deleteTimePeriod(await who(req), req.params.id);
        return reply(res, null, m.deleted);
      },
    );

    // ---- clone durations ----
    app.get(
      `${base}/clone-durations`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Clone durations the clone page offers',
          params: companyIdParams,
          response: { 200: envelope(cloneDurations), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.getCloneDurations((await who(req)).companyId)),
    );
    app.put(
      `${base}/clone-durations`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Replaces the clone durations (empty: the default list)',
          params: companyIdParams,
          body: cloneDurationsInput,
          response: { 200: envelope(cloneDurations), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.setCloneDurations(await who(req), req.body), m.saved),
    );

    // ---- discounts ----
    app.get(
      `${base}/discounts`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Category discounts: the company default and per product',
          params: companyIdParams,
          response: { 200: envelope(discountList), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.listDiscounts((await who(req)).companyId)),
    );
    app.put(
      `${base}/discounts`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Sets the default (productId null) or a product’s discount in percent',
          params: companyIdParams,
          body: discountInput,
          response: { 200: envelope(discount), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.saveDiscount(await who(req), req.body), m.saved),
    );
    app.delete(
      `${base}/discounts/:id`,
      { ...guard, schema: { tags, summary: 'Removes a discount row', params: idParams, response: { 200: done, ...failures } } },
      async (req, res) => {
        await catalogue.deleteDiscount(await who(req), req.params.id);
        return reply(res, null, m.deleted);
      },
    );

    // ---- currency ----
    app.get(
      `${base}/currency`,
      {
        ...guard,
        schema: {
          tags,
          summary: "The company's ZAR → USD rate and the server's",
          params: companyIdParams,
          response: { 200: envelope(currencySettings), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.getCurrency((await who(req)).companyId)),
    );
    app.put(
      `${base}/currency`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Sets the ZAR → USD rate (null: the server’s)',
          params: companyIdParams,
          body: currencyInput,
          response: { 200: envelope(currencySettings), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.setCurrency(await who(req), req.body), m.saved),
    );
  };
}
