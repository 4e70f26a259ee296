import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@mawingu/contracts/messages';
import { AppError } from '../../../http/app-error.ts';
import type { FileService } from './service.ts';

export function fileRoutes(filesService: FileService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/files/:id',
      {
        schema: {
          tags: ['files'],
          summary: 'A public file (logo, company document)',
          params: z.object({ id: z.uuid({ error: 'id must be a file id' }) }),
        },
      },
      async (req, res) => {
        const file = await filesService.openPublic(req.params.id);
        if (!file) throw AppError.notFound(messages.notFound);
        const safeName = file.row.originalName.replace(/[^\w.\- ]/g, '_');
        return (
          res
            .header('content-type', file.row.contentType)
            .header('content-length', file.row.sizeBytes)
            .header('content-disposition', `inline; filename="${safeName}"`)
            .header('cache-control', 'public, max-age=3600')
            // Public by design: a company's mails show its logo from here, in mail programs and the
            // console's preview on other origins (helmet's default would allow only this site).
            .header('cross-origin-resource-policy', 'cross-origin')
            .send(file.stream)
        );
      },
    );
  };
}
