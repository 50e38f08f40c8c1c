import { ZAdminLedgerReport, ZAdminReportQuery } from '@llk/contracts';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeResponses, ok } from '../../infrastructure/http/envelope';
import { dayRange } from './day-range';
import { ledgerReport, ledgerReportCsv } from './ledger-report.service';
import { type AmbassadorBalancesTotal, financeReport } from './reports.admin.service';

// The finance report (permission reports.read: OWNER and FINANCE): the ledger per day of UTC+8
// with each gateway's bill reconciliation, as JSON for the screen and as CSV for the books.

const RANGE = 'from and to are calendar days in UTC+8, inclusive; by default the last 30 days; at most 366 days.';

export const reportsAdminRoutes: FastifyPluginAsyncZod<{ ambassadorBalancesTotal: AmbassadorBalancesTotal }> = async (app, options) => {
  app.get(
    '/admin/reports/ledger',
    {
      config: { permission: 'reports.read' },
      schema: {
        tags: ['admin'],
        summary:
          "Revenue, refunds, double payments, unmatched money, commission paid, and per gateway money in and out, fees and the bill reconciliation, per day; and what is owed now: refunds, double payments, commission payable beside the ambassadors' balances (permission reports.read)",
        description: RANGE,
        querystring: ZAdminReportQuery,
        response: envelopeResponses(ZAdminLedgerReport),
      },
    },
    async (request) => ok(await financeReport(app.db, dayRange(request.query).days, options.ambassadorBalancesTotal)),
  );

  app.get(
    '/admin/reports/ledger/export',
    {
      config: { permission: 'reports.read' },
      schema: {
        tags: ['admin'],
        summary: 'The same report as a CSV download: a line per day, then the totals; amounts in whole fen (permission reports.read)',
        description: RANGE,
        querystring: ZAdminReportQuery,
        response: {
          200: { description: 'CSV file (UTF-8)', content: { 'text/csv': { schema: z.string() } } },
          '4xx': envelopeResponses(z.null())['4xx'],
          '5xx': envelopeResponses(z.null())['5xx'],
        },
      },
    },
    async (request, reply) => {
      const range = dayRange(request.query);
      const csv = ledgerReportCsv(await ledgerReport(app.db, range.days));
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="ledger-${range.from}-${range.to}.csv"`);
      reply.header('cache-control', 'no-store');
      return csv;
    },
  );
};
