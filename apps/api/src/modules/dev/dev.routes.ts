import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { desc, eq } from 'drizzle-orm';
import { devMailbox } from '../../db/schema/index.ts';

/** GET /dev/mailbox: mail captured while SMTP_URL is unset (never registered in production). */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/mailbox', { schema: { tags: ['dev'], querystring: z.object({ to: z.string().max(255).optional() }) } }, async (req) => {
    const rows = await app.deps.db
      .select()
      .from(devMailbox)
      .where(req.query.to ? eq(devMailbox.to, req.query.to.toLowerCase()) : undefined)
      .orderBy(desc(devMailbox.id))
      .limit(50);
    return { data: rows.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, html: m.html, created_at: m.createdAt.toISOString() })) };
  });
};
