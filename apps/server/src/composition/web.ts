import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app';
import type { ImageService } from '../media/images';
import { mediaRoutes } from '../media/routes';
import type { PageCache } from '../web/page-cache';
import { loadWebBuild, registerSsr } from '../web/ssr';

/** The media files, then (unless left out) the web app's static files and the page renderer, last. */
export async function registerFilesAndPages(
  app: FastifyInstance,
  { config, withWeb }: AppDeps,
  { images, mediaDir, pageCache }: { images: ImageService; mediaDir: string; pageCache: PageCache },
) {
  await mediaRoutes(app, { images, mediaDir });
  if (withWeb === false) return;
  const build = await loadWebBuild(config.webBuildDir);
  if (!build) {
    app.log.warn({ dir: config.webBuildDir }, 'web build not found: pages are not served (run npm run build)');
    return;
  }
  await app.register(fastifyStatic, {
    root: join(config.webBuildDir, 'client'),
    prefix: '/',
    wildcard: false,
    decorateReply: false,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  registerSsr(app, build, config.nodeEnv === 'development' ? 'development' : 'production', pageCache);
}
