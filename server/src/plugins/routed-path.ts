import type { FastifyRequest } from "fastify";

/**
 * The path the request rules read (who may ask, a token's scope, the disk floor): the pattern of the
 * route the router matched (e.g. /api/products/:id). The router decodes the URL, so
 * /api/%61dmin/users reaches /api/admin/users; a rule reading the raw URL would judge a path that is
 * not the one served. No route matched (a 404): the decoded path.
 */
export function routedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  const raw = request.url.split("?")[0];
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
