import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../../http/handlers.js';
import type { PicturesService } from './pictures.service.js';

export const picturesRoutes = (pictures: PicturesService) =>
  ({
    uploadPicture: ({ body, write }) => pictures.upload(body, write()),
  }) satisfies Partial<Handlers>;

/**
 * GET /pictures/{id}: a file, not an API call, served like the logo. Public (an <img> sends no token)
 * but unguessable (a random UUID). The type is the checked one, nosniff is set, and a CSP of its own
 * keeps a picture opened directly from running anything.
 */
export function registerPictureFiles(app: FastifyInstance, pictures: PicturesService): void {
  app.get<{ Params: { id: string } }>('/pictures/:id', { config: { policy: 'public' } }, async (request, reply) => {
    const picture = await pictures.find(request.params.id);
    if (!picture) return reply.code(404).send({ message: 'Not found.' });
    return reply
      .type(picture.contentType)
      .headers({ 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; sandbox", 'cache-control': 'public, max-age=31536000, immutable' })
      .send(Buffer.from(picture.bytes));
  });
}
