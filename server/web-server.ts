import compression from "compression";
import express from "express";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type * as AppExports from "./app";

// The HTTP server around the app bundle: socket limits, proxy trust, compression, static files.

export type AppModule = typeof AppExports;

/**
 * Socket limits. A client gets 10 s to send its headers and 30 s for the whole request, an idle keep-alive
 * connection is closed after 5 s, and one process holds at most 1,000 sockets: slow or idle clients cannot
 * pin the server's sockets (Node's defaults let a header-trickling client hold one for about 70 s).
 */
export const SOCKET_LIMITS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1_000,
} as const;

export interface WebServerOptions {
  /** Express's "trust proxy" value: false (the default) reads the client's address from the socket only. */
  trustProxy: false | number | string[];
  /** The built client (hashed assets and public files); unset when Vite serves them in development. */
  clientDir?: string;
  /** Mounted before the app (Vite's middlewares in development). */
  before?: express.RequestHandler;
  /** The request handler; defaults to the bundle's router. */
  handler?: express.RequestHandler;
}

export function createWebServer(mod: AppModule, options: WebServerOptions): http.Server {
  const server = express();
  server.disable("x-powered-by");
  server.set("trust proxy", options.trustProxy);
  // Security headers come first so static files carry them too.
  server.use(mod.securityHeaders);
  server.use(compression());
  if (options.before) server.use(options.before);
  if (options.clientDir) {
    // Hashed file names never change content: cache them for a year.
    server.use("/assets", express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y" }));
    // Other public files, looked up on disk only when the path's first segment names one: a page
    // request costs no file-system call.
    const publicFiles = express.static(options.clientDir, { maxAge: "1h" });
    const topLevel = new Set(fs.readdirSync(options.clientDir));
    server.use((req, res, next) => (topLevel.has(req.path.split("/")[1] ?? "") ? publicFiles(req, res, next) : next()));
  }
  server.use(options.handler ?? mod.app);

  const httpServer = http.createServer(
    {
      headersTimeout: SOCKET_LIMITS.headersTimeoutMs,
      requestTimeout: SOCKET_LIMITS.requestTimeoutMs,
      // How often Node looks for connections past those timeouts (its default is every 30 s).
      connectionsCheckingInterval: 1_000,
    },
    (req, res) => {
      const render = () => server(req, res);
      if (!mod.serveCachedPage(req, res, render)) render();
    },
  );
  httpServer.keepAliveTimeout = SOCKET_LIMITS.keepAliveTimeoutMs;
  httpServer.maxConnections = SOCKET_LIMITS.maxConnections;
  return httpServer;
}
